/** `npm run gen:template`: writes durable-objects/room/sandbox/generated-template.ts. */
import { writeFileSync } from "node:fs";
import {
  bundleEngineTemplate,
  bundleGlobalsGuard,
  GENERATED_TEMPLATE,
  generatedModule,
  sha256,
} from "../build/engine-template.ts";

const [code, guard] = await Promise.all([bundleEngineTemplate(), bundleGlobalsGuard()]);
writeFileSync(GENERATED_TEMPLATE, generatedModule(code, guard));
console.log(`engine template: ${code.length} bytes, sha256 ${sha256(code)}`);
console.log("TEMPLATE_VERSION follows the hash by itself (durable-objects/room/template-version.ts).");
