import { and, eq, gt, isNull } from "drizzle-orm";
import { randomToken, sha256Hex } from "../../../src/auth/crypto";
import { CODE_LIMITS } from "../../../src/code/limits";
import { revisions, scenarios, uploadSessions } from "../../../src/db/backend-schema";
import { backendDb } from "../../../src/db/client";

export type UploadSession = typeof uploadSessions.$inferSelect;
export type Revision = typeof revisions.$inferSelect;

export interface UploadRequest {
  scenarioId: string;
  uploaderUid: string;
  name: string | null;
  playerCount: number | null;
  hasLogic: boolean;
}

/** A revision id: the scenario id made safe as an R2 key part and room name, and 64 random bits. */
export function newRevisionId(scenarioId: string): string {
  const slug =
    scenarioId
      .replace(/[^A-Za-z0-9._-]/g, "-")
      .replace(/^[^A-Za-z0-9]+/, "")
      .slice(0, 48) || "scenario";
  const random = [...crypto.getRandomValues(new Uint8Array(8))].map((b) => b.toString(16).padStart(2, "0")).join("");
  return `${slug}-${random}`;
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

  /** A new upload session; the secret of its upload URLs is returned once. */
  async startUpload(request: UploadRequest): Promise<{ session: UploadSession; secret: string }> {
    const secret = randomToken();
    const created = this.now();
    const session: UploadSession = {
      id: crypto.randomUUID(),
      secretHash: await sha256Hex(secret),
      revisionId: newRevisionId(request.scenarioId),
      ...request,
      createdAt: new Date(created),
      expiresAt: new Date(created + CODE_LIMITS.uploadSessionMs),
      completedAt: null,
    };
    await this.db.insert(uploadSessions).values(session);
    return { session, secret };
  }

  /** The open (unexpired, unregistered) session whose upload URLs carry this secret. */
  async openSessionBySecret(secret: string): Promise<UploadSession | null> {
    const row = await this.db
      .select()
      .from(uploadSessions)
      .where(
        and(
          eq(uploadSessions.secretHash, await sha256Hex(secret)),
          isNull(uploadSessions.completedAt),
          gt(uploadSessions.expiresAt, new Date(this.now())),
        ),
      )
      .get();
    return row ?? null;
  }

  async session(id: string): Promise<UploadSession | null> {
    return (await this.db.select().from(uploadSessions).where(eq(uploadSessions.id, id)).get()) ?? null;
  }

  /**
   * Registers the revision of a session and closes the session, in one batch; false when the
   * session was registered meanwhile.
   */
  async register(session: UploadSession, sizes: { clientZipBytes: number; logicBytes: number | null }) {
    const revision: Revision = {
      id: session.revisionId,
      scenarioId: session.scenarioId,
      uploaderUid: session.uploaderUid,
      name: session.name,
      playerCount: session.playerCount,
      hasLogic: session.hasLogic,
      ...sizes,
      createdAt: new Date(this.now()),
    };
    const [closed] = await this.db.batch([
      this.db
        .update(uploadSessions)
        .set({ completedAt: revision.createdAt })
        .where(and(eq(uploadSessions.id, session.id), isNull(uploadSessions.completedAt)))
        .returning({ id: uploadSessions.id }),
      this.db.insert(revisions).values(revision).onConflictDoNothing(),
    ]);
    return closed.length > 0 ? revision : null;
  }

  async revision(id: string): Promise<Revision | null> {
    return (await this.db.select().from(revisions).where(eq(revisions.id, id)).get()) ?? null;
  }
}

/** R2 keys of a revision's files. */
export const codeKeys = {
  logic: (revisionId: string) => `${revisionId}/logic.js`,
  clientZip: (revisionId: string) => `${revisionId}/client.zip`,
};
