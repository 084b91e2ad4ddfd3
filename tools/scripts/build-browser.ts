/** `npm run build:browser`: the store page into public/store/, the page scripts into public/<app>/. */
import { buildBrowser } from "../build/browser.ts";

await buildBrowser();
console.log("browser code built into public/ (store page and page scripts)");
