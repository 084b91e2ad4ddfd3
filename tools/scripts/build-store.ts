/** `npm run build:store`: writes the store page into public/store/ (tools/build/build-store.ts). */
import path from "node:path";
import { buildStorePage, STORE_PAGE_DIR } from "../build/build-store.ts";
import { projectRoot } from "../local-platform/wrangler-env.ts";

await buildStorePage();
console.log(`store page built into ${path.relative(projectRoot, STORE_PAGE_DIR)}/`);
