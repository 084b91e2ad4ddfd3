import { and, asc, count, eq, gt, inArray, isNull, lte, ne, sql } from "drizzle-orm";
import { randomToken, sha256Hex } from "../../../src/auth/crypto";
import { revisions, scenarios, uploadSessions } from "../../../src/db/backend-schema";
import { backendDb } from "../../../src/db/client";
import { CODE_LIMITS, UPLOAD_QUOTAS } from "../../../src/publishing/limits";

export type UploadSession = typeof uploadSessions.$inferSelect;
export type Revision = typeof revisions.$inferSelect;

/** A file an upload PUT made, to attach to its session: a client file set or a staged logic.js. */
export type UploadedFile =
  | { clientFiles: string; clientZipBytes: number; clientBytes: number }
  | { logicFile: string; logicBytes: number };

/** Why attach() did not take a file; "attached" when it did. */
export type AttachOutcome = "attached" | "registered" | "expired" | "over_quota";

/** A session the upload cleanup may sweep, with the client file set its revision serves (null: none or no revision). */
export type SweepableSession = UploadSession & { registered: boolean; revisionFiles: string | null };

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

  /**
   * A new upload session of a fresh revision id (code-files.ts freeRevisionId); the secret of its
   * upload URLs is returned once. Refused, with when the uploader's oldest open session expires,
   * when they already have UPLOAD_QUOTAS.openSessions open ones: the insert and the count run as
   * one D1 batch, so sessions started at once cannot pass the count together.
   */
  async startUpload(
    request: UploadRequest,
    revisionId: string,
  ): Promise<{ session: UploadSession; secret: string } | { refusedUntil: Date }> {
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
      clientBytes: null,
      logicFile: null,
      logicBytes: null,
      sweptAt: null,
    };
    const open = this.openSessionsOf(request.uploaderUid);
    const [, dropped] = await this.db.batch([
      this.db.insert(uploadSessions).values(session),
      this.db
        .delete(uploadSessions)
        .where(
          and(
            eq(uploadSessions.id, session.id),
            sql`(${this.db.select({ n: count() }).from(uploadSessions).where(open)}) > ${UPLOAD_QUOTAS.openSessions}`,
          ),
        )
        .returning({ id: uploadSessions.id }),
    ]);
    if (dropped.length === 0) return { session, secret };
    const oldest = await this.db
      .select({ expiresAt: uploadSessions.expiresAt })
      .from(uploadSessions)
      .where(open)
      .orderBy(asc(uploadSessions.expiresAt))
      .limit(1)
      .get();
    return { refusedUntil: oldest?.expiresAt ?? session.expiresAt };
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

  /** The uploader's sessions that are neither registered nor expired. */
  private openSessionsOf(uid: string) {
    return and(
      eq(uploadSessions.uploaderUid, uid),
      isNull(uploadSessions.completedAt),
      gt(uploadSessions.expiresAt, new Date(this.now())),
    );
  }

  /**
   * Bytes the uploader's unregistered sessions other than `sessionId` keep in R2: until the
   * cleanup has swept a session, its files are there, expired or not.
   */
  async heldBytes(uid: string, sessionId: string): Promise<number> {
    const row = await this.heldBytesQuery(uid, sessionId).get();
    return Number(row?.bytes ?? 0);
  }

  private heldBytesQuery(uid: string, sessionId: string) {
    return this.db
      .select({
        bytes: sql<number>`coalesce(sum(coalesce(${uploadSessions.clientBytes}, 0) + coalesce(${uploadSessions.logicBytes}, 0)), 0)`,
      })
      .from(uploadSessions)
      .where(
        and(
          eq(uploadSessions.uploaderUid, uid),
          ne(uploadSessions.id, sessionId),
          isNull(uploadSessions.completedAt),
          isNull(uploadSessions.sweptAt),
        ),
      );
  }

  /**
   * Makes an uploaded file (a client file set or a staged logic.js) the session's, unless the
   * session was registered or has expired meanwhile, or the file would take the uploader past
   * UPLOAD_QUOTAS.storedBytes. D1 runs this and claim() one at a time, so a registration takes
   * exactly the files attached before it, and no file is attached to a session after it expired
   * (the cleanup's grace, upload-cleanup.ts, counts on it).
   */
  async attach(session: UploadSession, file: UploadedFile): Promise<AttachOutcome> {
    const [bytes, sessionsOtherBytes] =
      "clientFiles" in file
        ? [file.clientBytes, sql`coalesce(${uploadSessions.logicBytes}, 0)`]
        : [file.logicBytes, sql`coalesce(${uploadSessions.clientBytes}, 0)`];
    const now = new Date(this.now());
    const rows = await this.db
      .update(uploadSessions)
      .set(file)
      .where(
        and(
          eq(uploadSessions.id, session.id),
          isNull(uploadSessions.completedAt),
          gt(uploadSessions.expiresAt, now),
          sql`(${this.heldBytesQuery(session.uploaderUid, session.id)}) + ${bytes} + ${sessionsOtherBytes} <= ${UPLOAD_QUOTAS.storedBytes}`,
        ),
      )
      .returning({ id: uploadSessions.id });
    if (rows.length > 0) return "attached";
    const current = await this.session(session.id);
    if (!current || current.completedAt) return "registered";
    return current.expiresAt.getTime() <= now.getTime() ? "expired" : "over_quota";
  }

  /**
   * Closes the session for registration and answers its files as they are at that moment; null
   * when it was claimed already. From here on no upload reaches it (attach() answers "registered"), so
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

  /**
   * Sessions the upload cleanup may sweep, oldest first: not swept yet, and expired at least
   * `graceMs` ago, when no PUT of theirs can still be writing. With each, whether its revision
   * is registered and the file set it serves.
   */
  async sessionsToSweep(graceMs: number, limit: number): Promise<SweepableSession[]> {
    const rows = await this.db
      .select({ session: uploadSessions, revisionId: revisions.id, revisionFiles: revisions.clientFiles })
      .from(uploadSessions)
      .leftJoin(revisions, eq(revisions.id, uploadSessions.revisionId))
      .where(and(isNull(uploadSessions.sweptAt), lte(uploadSessions.expiresAt, new Date(this.now() - graceMs))))
      .orderBy(asc(uploadSessions.expiresAt))
      .limit(limit);
    return rows.map((row) => ({
      ...row.session,
      registered: row.revisionId !== null,
      revisionFiles: row.revisionFiles,
    }));
  }

  /** Records that the cleanup deleted what these sessions left in R2: their bytes no longer count. */
  async markSwept(sessionIds: string[]): Promise<void> {
    if (sessionIds.length === 0) return;
    await this.db
      .update(uploadSessions)
      .set({ sweptAt: new Date(this.now()) })
      .where(inArray(uploadSessions.id, sessionIds));
  }
}
