/**
 * Version of the engine template the rooms run scenario code in. Raise it whenever the template
 * (durable-objects/room/sandbox, or src/engine code it bundles) or the egress allow-list changes:
 * rooms compare revisionId + ":" + TEMPLATE_VERSION with the codeId they stored and reload their
 * code on a mismatch, keeping their state. No republishing is needed.
 */
export const TEMPLATE_VERSION = 2;

/**
 * The template hash TEMPLATE_VERSION was last raised for. A test fails when the generated template
 * changes without a new version: raise TEMPLATE_VERSION, then copy the new hash here.
 */
export const TEMPLATE_VERSION_SHA256 = "c403b7ce09bbdcde9116f04996d3a439f288d711fe22dd9d6b1ecf8d750814be";

export function codeIdOf(revisionId: string): string {
  return `${revisionId}:${TEMPLATE_VERSION}`;
}
