/** `npm run gen:template`: writes durable-objects/room/sandbox/generated-template.ts. */
import { writeFileSync } from "node:fs";
import { bundleEngineTemplate, GENERATED_TEMPLATE, generatedModule, sha256 } from "../build/engine-template.ts";

const code = await bundleEngineTemplate();
writeFileSync(GENERATED_TEMPLATE, generatedModule(code));
console.log(`engine template: ${code.length} bytes, sha256 ${sha256(code)}`);
console.log("TEMPLATE_VERSION follows the hash by itself (durable-objects/room/template-version.ts).");
