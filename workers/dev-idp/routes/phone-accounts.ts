import { Hono } from "hono";
import type { AppEnv } from "../../../src/worker-kit/app-env";
import { devIdpOf } from "../dev-idp";
import { ProviderError } from "../provider-error";
import { DevRecaptchaTokens } from "../recaptcha-tokens";
import { newUid } from "../user-store";
import { providerBody, requiredString } from "./request-body";

/** The one SMS code the dev IdP accepts: no SMS is ever sent. */
export const DEV_PHONE_CODE = "123456";
const E164 = /^\+[1-9]\d{6,14}$/;

/**
 * accounts:sendVerificationCode and accounts:signInWithPhoneNumber (phone sign-in, fixed code).
 * A web client must prove a solved reCAPTCHA, as with the provider: no `recaptchaToken` is
 * MISSING_RECAPTCHA_TOKEN; a token the dev widget was not handed, one already used, older than two
 * minutes or of another site key is INVALID_APP_CREDENTIAL (docs/sign-in-dev.md).
 */
export const phoneAccountRoutes = (clock: () => number) =>
  new Hono<AppEnv>()
    .post("/v1/accounts:sendVerificationCode", async (c) => {
      const body = await providerBody(c, "sendVerificationCode");
      const phoneNumber = requiredString(body, "phoneNumber", "MISSING_PHONE_NUMBER");
      if (!E164.test(phoneNumber)) throw new ProviderError("INVALID_PHONE_NUMBER", "Invalid format.");
      const recaptchaToken = requiredString(body, "recaptchaToken", "MISSING_RECAPTCHA_TOKEN");
      const tokens = new DevRecaptchaTokens(c.env.SESSIONS, clock);
      const verified = await tokens.verify(recaptchaToken, c.get("config").idp.recaptchaSiteKey);
      if (verified !== true) throw new ProviderError("INVALID_APP_CREDENTIAL", `reCAPTCHA token ${verified}.`);
      const idp = await devIdpOf(c);
      return c.json({ sessionInfo: await idp.users.startPhoneSignIn(phoneNumber) });
    })
    .post("/v1/accounts:signInWithPhoneNumber", async (c) => {
      const body = await providerBody(c, "signInWithPhoneNumber");
      const sessionInfo = requiredString(body, "sessionInfo", "MISSING_SESSION_INFO");
      const code = requiredString(body, "code", "MISSING_CODE");
      const idp = await devIdpOf(c);
      const phoneNumber = await idp.users.phoneOfSession(sessionInfo);
      if (!phoneNumber) throw new ProviderError("INVALID_SESSION_INFO");
      if (code !== DEV_PHONE_CODE) throw new ProviderError("INVALID_CODE");
      await idp.users.endPhoneSignIn(sessionInfo);

      let user = await idp.users.byPhone(phoneNumber);
      const isNewUser = !user;
      if (!user) {
        user = {
          uid: newUid(),
          email: null,
          emailVerified: false,
          phoneNumber,
          passwordHash: null,
          customClaims: {},
          createdAt: Date.now(),
        };
        await idp.users.put(user);
      }
      const session = await idp.signIn(user, "phone");
      return c.json({ ...session, isNewUser, phoneNumber });
    });
