import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ENGINE_TEMPLATE_SHA256 } from "../../durable-objects/room/sandbox/generated-template";
import { codeIdOf, templateVersion } from "../../durable-objects/room/template-version";
import {
  bundleEngineTemplate,
  bundleGlobalsGuard,
  GENERATED_TEMPLATE,
  generatedModule,
} from "../../tools/build/engine-template";

describe("engine template", () => {
  it("is generated from the current source (run `npm run gen:template` if this fails)", async () => {
    const fresh = generatedModule(await bundleEngineTemplate(), await bundleGlobalsGuard());
    expect(readFileSync(GENERATED_TEMPLATE, "utf8")).toBe(fresh);
  });
});

describe("TEMPLATE_VERSION and the codeId", () => {
  const venue = ["venue-device.example.com"];

  it("is revisionId:TEMPLATE_VERSION, the same for the same template and allow-list", async () => {
    const first = await codeIdOf("rev-1", venue);
    expect(first).toBe(`rev-1:${await templateVersion(venue)}`);
    expect(await codeIdOf("rev-1", [...venue])).toBe(first);
    expect(await codeIdOf("rev-2", venue)).toBe(first.replace("rev-1:", "rev-2:"));
  });

  it("changes by itself when the egress allow-list changes", async () => {
    const before = await codeIdOf("rev-1", venue);
    expect(await codeIdOf("rev-1", [...venue, "second-venue.example.com"])).not.toBe(before);
    expect(await codeIdOf("rev-1", ["other-venue.example.com"])).not.toBe(before);
    expect(await codeIdOf("rev-1", [])).not.toBe(before);
  });

  it("does not change when only the spelling of the same allow-list does (order, case, repeats)", async () => {
    const two = ["a.example.com", "b.example.com"];
    expect(await templateVersion(["B.example.com", " a.example.com", "b.example.com"])).toBe(
      await templateVersion(two),
    );
  });

  it("changes by itself when the engine template changes", async () => {
    expect(await templateVersion(venue, "0".repeat(64))).not.toBe(await templateVersion(venue, ENGINE_TEMPLATE_SHA256));
    expect(await templateVersion(venue)).toBe(await templateVersion(venue, ENGINE_TEMPLATE_SHA256));
  });
});
