import { hashPassword } from "./password";
import type { DevUser, DevUserStore } from "./user-store";

/** The dev accounts every fresh dev setup has (documented in docs/sign-in-dev.md). */
export const SEED_PASSWORD = "dev-password";
export const SEED_USERS: readonly Pick<DevUser, "uid" | "email" | "customClaims">[] = [
  { uid: "dev-user", email: "user@example.com", customClaims: {} },
  { uid: "dev-admin", email: "admin@example.com", customClaims: { admin: true } },
  { uid: "dev-premium", email: "premium@example.com", customClaims: { premium: true } },
];

/** Creates any seeded account that is missing; an existing one (maybe with changed claims) is kept. */
export async function seedDevUsers(store: DevUserStore): Promise<void> {
  for (const seed of SEED_USERS) {
    if (await store.get(seed.uid)) continue;
    await store.put({
      ...seed,
      emailVerified: true,
      phoneNumber: null,
      passwordHash: await hashPassword(SEED_PASSWORD),
      createdAt: Date.now(),
    });
  }
}
