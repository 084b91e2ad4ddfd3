/** What a room's isolate runs under besides its code; part of TEMPLATE_VERSION (template-version.ts). */
export const SANDBOX_COMPATIBILITY_DATE = "2026-11-01";
/** CPU time one call of scenario code may use before the runtime stops it. */
export const SANDBOX_CPU_MS = 200;
