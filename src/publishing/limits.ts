/**
 * What `scenario publish` may upload (docs/publishing.md, "Limits"). The Worker reads a client
 * zip whole (it is at most clientZipBytes) and streams each file out of it into R2 with its
 * output capped at the size the zip declares; nothing is ever inflated to serve a page.
 */
export const CODE_LIMITS = {
  /** The client zip as uploaded. */
  clientZipBytes: 20 * 1024 * 1024,
  /**
   * Files in the client zip. Each is one R2 write of the PUT that uploads it, and the PUT's calls
   * stay under the 1,000 a production invocation may make (docs/decisions/0121-published-files-cannot-stall-the-worker.md).
   */
  clientFiles: 500,
  /** Entries the zip's central directory lists, folders included: read from its end record, before any entry. */
  clientZipEntries: 1000,
  /** The zip's central directory, in bytes: also read from its end record. */
  clientZipDirectoryBytes: 1024 * 1024,
  /** One file of the client zip, uncompressed. */
  clientFileBytes: 25 * 1024 * 1024,
  /** Every file of the client zip, uncompressed, added up: a revision's served files. */
  clientUncompressedBytes: 100 * 1024 * 1024,
  /** The bundled server logic. */
  logicBytes: 2 * 1024 * 1024,
  /** How long the upload URLs of an upload session work. */
  uploadSessionMs: 15 * 60 * 1000,
} as const;

/**
 * What one account's unregistered uploads may hold at once (docs/publishing.md, "Limits"). Files
 * of a session that expired unregistered stay in R2 until the cleanup deletes them, and count
 * until then.
 */
export const UPLOAD_QUOTAS = {
  /** Upload sessions neither registered nor expired. */
  openSessions: 5,
  /** Bytes kept in R2 by sessions not registered and not yet cleaned up: client files uncompressed and logic.js. */
  storedBytes: 256 * 1024 * 1024,
} as const;

/** The page every client zip must have at its root: what the play page opens for each seat. */
export const CLIENT_ENTRY = "index.html";
