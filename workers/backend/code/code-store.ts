import { and, eq, isNull } from "drizzle-orm";
import { randomToken, sha256Hex } from "../../../src/auth/crypto";
import { revisions, scenarios, uploadSessions } from "../../../src/db/backend-schema";
import { backendDb } from "../../../src/db/client";
import { CODE_LIMITS } from "../../../src/publishing/limits";

export type UploadSession = typeof uploadSessions.$inferSelect;
export type Revision = typeof revisions.$inferSelect;

export interface UploadRequest {
  scenarioId: string;
  uploaderUid: string;
  name: string | null;
  playerCount: number | null;
  hasLogic: boolean;
}

/** Scenario ownership, upload sessions and revisions in BACKEND_DB (docs/publishing.md). */
export class CodeStore {
  private readonly db: ReturnType<typeof backendDb>;

  constructor(
    database: D1Database,
    private readonly now: () => number = Date.now,
  ) {
    this.db = backendDb({ BACKEND_DB: database });
  }

  /** The owner of a scenario id, making uid its owner when nobody published it before. */
  async claimScenario(scenarioId: string, uid: string): Promise<string> {
    await this.db
      .insert(scenarios)
      .values({ id: scenarioId, ownerUid: uid, createdAt: new Date(this.now()) })
      .onConflictDoNothing();
    const row = await this.db
      .select({ owner: scenarios.ownerUid })
      .from(scenarios)
      .where(eq(scenarios.id, scenarioId))
      .get();
    return row?.owner ?? uid;
  }

  /** A new upload session of a fresh revision id (code-files.ts freeRevisionId); the secret of its upload URLs is returned once. */
  async startUpload(request: UploadRequest, revisionId: string): Promise<{ session: UploadSession; secret: string }> {
    const secret = randomToken();
    const created = this.now();
    const session: UploadSession = {
      id: crypto.randomUUID(),
      secretHash: await sha256Hex(secret),
      revisionId,
      ...request,
      createdAt: new Date(created),
      expiresAt: new Date(created + CODE_LIMITS.uploadSessionMs),
      completedAt: null,
      clientFiles: null,
      clientZipBytes: null,
      logicFile: null,
      logicBytes: null,
    };
    await this.db.insert(uploadSessions).values(session);
    return { session, secret };
  }

  /** The session whose upload URLs carry this secret, registered or not; null when unknown or expired unregistered. */
  async sessionBySecret(secret: string): Promise<UploadSession | null> {
    const row = await this.db
      .select()
      .from(uploadSessions)
      .where(eq(uploadSessions.secretHash, await sha256Hex(secret)))
      .get();
    if (!row || (!row.completedAt && row.expiresAt.getTime() <= this.now())) return null;
    return row;
  }

  async session(id: string): Promise<UploadSession | null> {
    return (await this.db.select().from(uploadSessions).where(eq(uploadSessions.id, id)).get()) ?? null;
  }

  /**
   * Makes an uploaded file (a client file set or a staged logic.js) the session's, unless the
   * session was registered meanwhile: false then. D1 runs this and claim() one at a time, so a
   * registration takes exactly the files attached before it.
   */
  async attach(
    sessionId: string,
    file: { clientFiles: string; clientZipBytes: number } | { logicFile: string; logicBytes: number },
  ): Promise<boolean> {
    const rows = await this.db
      .update(uploadSessions)
      .set(file)
      .where(and(eq(uploadSessions.id, sessionId), isNull(uploadSessions.completedAt)))
      .returning({ id: uploadSessions.id });
    return rows.length > 0;
  }

  /**
   * Closes the session for registration and answers its files as they are at that moment; null
   * when it was claimed already. From here on no upload reaches it (attach() answers false), so
   * its files never change again.
   */
  async claim(sessionId: string): Promise<UploadSession | null> {
    const [row] = await this.db
      .update(uploadSessions)
      .set({ completedAt: new Date(this.now()) })
      .where(and(eq(uploadSessions.id, sessionId), isNull(uploadSessions.completedAt)))
      .returning();
    return row ?? null;
  }

  /** Writes the revision of a claimed session: from now on it is played. null when it was written already. */
  async addRevision(
    session: UploadSession & { clientFiles: string; clientZipBytes: number },
  ): Promise<Revision | null> {
    const revision: Revision = {
      id: session.revisionId,
      scenarioId: session.scenarioId,
      uploaderUid: session.uploaderUid,
      name: session.name,
      playerCount: session.playerCount,
      hasLogic: session.hasLogic,
      clientZipBytes: session.clientZipBytes,
      logicBytes: session.hasLogic ? session.logicBytes : null,
      clientFiles: session.clientFiles,
      createdAt: session.completedAt ?? new Date(this.now()),
      // Column default: a new revision sorts among position 0 (by id) until its admins reorder.
      position: 0,
    };
    const written = await this.db
      .insert(revisions)
      .values(revision)
      .onConflictDoNothing()
      .returning({ id: revisions.id });
    return written.length > 0 ? revision : null;
  }

  async revision(id: string): Promise<Revision | null> {
    return (await this.db.select().from(revisions).where(eq(revisions.id, id)).get()) ?? null;
  }
}
