import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { GENERATED_SDK, playSdkModule } from "../../tools/build/play-sdk";

describe("the SDK of the play page", () => {
  it("is generated from the current browser/sdk (run `npm run gen:sdk` if this fails)", async () => {
    expect(readFileSync(GENERATED_SDK, "utf8")).toBe(await playSdkModule());
  });
});
