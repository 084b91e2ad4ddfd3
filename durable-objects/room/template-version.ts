/**
 * Version of the engine template the rooms run scenario code in. Raise it whenever the template
 * (durable-objects/room/sandbox, or src/engine code it bundles) or the egress allow-list changes:
 * rooms compare revisionId + ":" + TEMPLATE_VERSION with the codeId they stored and reload their
 * code on a mismatch, keeping their state. No republishing is needed.
 */
export const TEMPLATE_VERSION = 1;

/**
 * The template hash TEMPLATE_VERSION was last raised for. A test fails when the generated template
 * changes without a new version: raise TEMPLATE_VERSION, then copy the new hash here.
 */
export const TEMPLATE_VERSION_SHA256 = "7cfec347fa7a1b8c26073bb2036dc763df5fc55ea3f55d87fb0c8e7be91e2158";

export function codeIdOf(revisionId: string): string {
  return `${revisionId}:${TEMPLATE_VERSION}`;
}
