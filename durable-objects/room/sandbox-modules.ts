import { ENGINE_TEMPLATE_JS, GLOBALS_GUARD_JS } from "./sandbox/generated-template";

/**
 * The modules of a room's isolate: the engine template beside the revision's logic.js. With
 * `guardGlobals` (dev only), logic.js is a module that loads the globals guard
 * (sandbox/globals-guard.ts) and then the revision's code, so the guard notes the globals before
 * that code runs; production loads the two modules alone.
 */
export function sandboxModules(logic: string, guardGlobals: boolean): Record<string, string> {
  if (!guardGlobals) return { "template.js": ENGINE_TEMPLATE_JS, "logic.js": logic };
  return {
    "template.js": ENGINE_TEMPLATE_JS,
    "logic.js": 'import "./globals-guard.js";\nexport { default } from "./scenario-logic.js";\n',
    "globals-guard.js": GLOBALS_GUARD_JS,
    "scenario-logic.js": logic,
  };
}
