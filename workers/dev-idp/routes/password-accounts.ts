import { Hono } from "hono";
import type { AppEnv } from "../../../src/worker-kit/app-env";
import { devIdpOf } from "../dev-idp";
import { hashPassword, verifyPassword } from "../password";
import { ProviderError } from "../provider-error";
import { newUid } from "../user-store";
import { providerBody, requiredString } from "./request-body";

/** The provider's check of an email address (sign-up, sign-in, accounts:update). */
export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MIN_PASSWORD_LENGTH = 6;

/** The provider's check of a new password (sign-up, accounts:update): WEAK_PASSWORD. */
export function checkNewPassword(password: string): void {
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw new ProviderError("WEAK_PASSWORD", `Password should be at least ${MIN_PASSWORD_LENGTH} characters`);
  }
}

/** accounts:signUp and accounts:signInWithPassword (email + password accounts). */
export const passwordAccountRoutes = new Hono<AppEnv>()
  .post("/v1/accounts:signUp", async (c) => {
    const body = await providerBody(c, "signUp");
    const email = requiredString(body, "email", "MISSING_EMAIL").toLowerCase();
    if (!EMAIL.test(email)) throw new ProviderError("INVALID_EMAIL");
    const password = requiredString(body, "password", "MISSING_PASSWORD");
    checkNewPassword(password);
    const idp = await devIdpOf(c);
    if (await idp.users.byEmail(email)) throw new ProviderError("EMAIL_EXISTS");
    const user = {
      uid: newUid(),
      email,
      emailVerified: false,
      phoneNumber: null,
      passwordHash: await hashPassword(password),
      customClaims: {},
      createdAt: Date.now(),
    };
    await idp.users.put(user);
    const session = await idp.signIn(user, "password");
    return c.json({ kind: "identitytoolkit#SignupNewUserResponse", email, ...session });
  })
  .post("/v1/accounts:signInWithPassword", async (c) => {
    const body = await providerBody(c, "signInWithPassword");
    const email = requiredString(body, "email", "MISSING_EMAIL").toLowerCase();
    if (!EMAIL.test(email)) throw new ProviderError("INVALID_EMAIL");
    const password = requiredString(body, "password", "MISSING_PASSWORD");
    const idp = await devIdpOf(c);
    const user = await idp.users.byEmail(email);
    if (!user) throw new ProviderError("EMAIL_NOT_FOUND");
    if (!user.passwordHash || !(await verifyPassword(password, user.passwordHash))) {
      throw new ProviderError("INVALID_PASSWORD");
    }
    const session = await idp.signIn(user, "password");
    return c.json({
      kind: "identitytoolkit#VerifyPasswordResponse",
      email,
      displayName: "",
      registered: true,
      ...session,
    });
  });
