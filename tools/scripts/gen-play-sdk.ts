/** `npm run gen:sdk`: writes workers/rooms/play/generated-sdk.ts (the SDK the play page serves). */
import { writeFileSync } from "node:fs";
import { GENERATED_SDK, playSdkModule } from "../build/play-sdk.ts";

const module = await playSdkModule();
writeFileSync(GENERATED_SDK, module);
console.log(`play page SDK: ${module.length} bytes written to ${GENERATED_SDK}`);
