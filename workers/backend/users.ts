import { eq } from "drizzle-orm";
import { users } from "../../src/db/backend-schema";
import type { backendDb } from "../../src/db/client";

type BackendDrizzle = ReturnType<typeof backendDb>;

/**
 * The backend's users (BACKEND_DB `users`), keyed by the identity provider's uid: the one place
 * that makes a user row. The backend makes it on first sight (GraphQL `me`), the sign-in service
 * with a paid-release agreement (terms-agreements.ts); no app writes the table with SQL of its own.
 */

/** The insert that makes the uid's row unless it exists, on its own or as part of a D1 batch. */
export function insertUserIfMissing(db: BackendDrizzle, idpUid: string, at: Date) {
  return db.insert(users).values({ idpUid, createdAt: at }).onConflictDoNothing();
}

/** users.id of an identity-provider uid; the row is made on first sight. */
export async function ensureUser(db: BackendDrizzle, idpUid: string, at = new Date()): Promise<number> {
  const [inserted] = await insertUserIfMissing(db, idpUid, at).returning({ id: users.id });
  if (inserted) return inserted.id;
  const [found] = await db.select({ id: users.id }).from(users).where(eq(users.idpUid, idpUid));
  if (!found) throw new Error("user row vanished after insert");
  return found.id;
}
