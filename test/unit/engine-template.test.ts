import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ENGINE_TEMPLATE_SHA256 } from "../../durable-objects/room/sandbox/generated-template";
import { TEMPLATE_VERSION_SHA256 } from "../../durable-objects/room/template-version";
import { bundleEngineTemplate, GENERATED_TEMPLATE, generatedModule } from "../../tools/build/engine-template";

describe("engine template", () => {
  it("is generated from the current source (run `npm run gen:template` if this fails)", async () => {
    const fresh = generatedModule(await bundleEngineTemplate());
    expect(readFileSync(GENERATED_TEMPLATE, "utf8")).toBe(fresh);
  });

  it("has a TEMPLATE_VERSION raised for this template (raise it and copy the hash if this fails)", () => {
    expect(TEMPLATE_VERSION_SHA256).toBe(ENGINE_TEMPLATE_SHA256);
  });
});
