/**
 * What `scenario publish` may upload (docs/publishing.md). The client zip is read whole by the
 * play page's Worker, so it stays far below a Worker's memory; logic.js runs in a dynamic isolate.
 */
export const CODE_LIMITS = {
  /** The client zip as uploaded. */
  clientZipBytes: 20 * 1024 * 1024,
  /** Files in the client zip. */
  clientFiles: 2000,
  /** Every file of the client zip, uncompressed. */
  clientUncompressedBytes: 100 * 1024 * 1024,
  /** The bundled server logic. */
  logicBytes: 2 * 1024 * 1024,
  /** How long the upload URLs of an upload session work. */
  uploadSessionMs: 15 * 60 * 1000,
} as const;

/** The page every client zip must have at its root: what the play page opens for each seat. */
export const CLIENT_ENTRY = "index.html";
