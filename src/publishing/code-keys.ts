/**
 * Where a revision's files live in the CODE bucket (docs/publishing.md, "Where the files live").
 * The only place that spells these keys: the backend's upload and registration, the rooms' play
 * route and Room Durable Object, and the CLI's local rooms all go through it.
 *
 * - `{revisionId}/logic.js`: the logic a room of the revision runs (document 3). Written once, by
 *   registration, from the staged copy.
 * - `{revisionId}/staged/{fileId}/logic.js`: a logic.js as one PUT uploaded it.
 * - `{revisionId}/client/{fileSetId}/{path}`: the files of one client zip, extracted by the PUT
 *   that uploaded it. Each PUT writes a fresh file set; registration points the revision at one,
 *   so nothing a later PUT writes can reach a registered revision.
 * - `{revisionId}/client.zip`: the zip itself, as revisions registered before extraction kept it.
 *   Never served.
 *
 * `staged` and `clientFileSets` are the prefixes of what uploads write: all of it but what a session or
 * revision points at is deleted by the upload cleanup (workers/backend/code/upload-cleanup.ts).
 */
export const codeKeys = {
  revision: (revisionId: string) => `${revisionId}/`,
  logic: (revisionId: string) => `${revisionId}/logic.js`,
  staged: (revisionId: string) => `${revisionId}/staged/`,
  stagedLogic: (revisionId: string, fileId: string) => `${revisionId}/staged/${fileId}/logic.js`,
  clientFileSets: (revisionId: string) => `${revisionId}/client/`,
  clientFileSet: (revisionId: string, fileSetId: string) => `${revisionId}/client/${fileSetId}/`,
  clientFile: (revisionId: string, fileSetId: string, path: string) => `${revisionId}/client/${fileSetId}/${path}`,
  legacyClientZip: (revisionId: string) => `${revisionId}/client.zip`,
};

/** A fresh id for a staged logic.js, a client file set or a revision's random half: 64 random bits in hex. */
export function randomHexId(): string {
  return [...crypto.getRandomValues(new Uint8Array(8))].map((b) => b.toString(16).padStart(2, "0")).join("");
}
