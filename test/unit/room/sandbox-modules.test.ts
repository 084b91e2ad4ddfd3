import { describe, expect, it } from "vitest";
import { ENGINE_TEMPLATE_JS, GLOBALS_GUARD_JS } from "../../../durable-objects/room/sandbox/generated-template";
import { sandboxModules } from "../../../durable-objects/room/sandbox-modules";

describe("the modules of a room's isolate", () => {
  const logic = "export default { setup() { return {}; } };";

  it("outside dev, are the engine template and the revision's logic.js as published, nothing else", () => {
    expect(sandboxModules(logic, false)).toEqual({ "template.js": ENGINE_TEMPLATE_JS, "logic.js": logic });
  });

  it("in dev, load the globals guard before the revision's code, which stays as published", () => {
    const modules = sandboxModules(logic, true);
    expect(modules["template.js"]).toBe(ENGINE_TEMPLATE_JS);
    expect(modules["globals-guard.js"]).toBe(GLOBALS_GUARD_JS);
    expect(modules["scenario-logic.js"]).toBe(logic);
    const imports = [...(modules["logic.js"] ?? "").matchAll(/from "(.+?)"|import "(.+?)"/g)].map((m) => m[1] ?? m[2]);
    expect(imports).toEqual(["./globals-guard.js", "./scenario-logic.js"]);
  });
});
