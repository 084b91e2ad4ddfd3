/** `npm run gen:auth-log`: writes public/auth/auth-log.js from src/auth-log/. */
import { writeFileSync } from "node:fs";
import { AUTH_LOG_BUNDLE, bundleAuthLog } from "../build/auth-log-bundle.ts";

const code = await bundleAuthLog();
writeFileSync(AUTH_LOG_BUNDLE, code);
console.log(`auth-log: ${code.length} bytes written to public/auth/auth-log.js`);
