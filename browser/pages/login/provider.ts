import type { LoginPageConfig } from "../../../src/page-configs/login";
import { ProviderError } from "./errors";

/** What the login page reads of an identity-provider answer (accounts:* of the REST API). */
export interface ProviderAnswer {
  idToken?: string;
  localId?: string;
  isNewUser?: boolean;
  sessionInfo?: string;
  sessionId?: string;
  authUri?: string;
  needConfirmation?: boolean;
  errorMessage?: string;
  error?: { message?: string };
}

/** One `accounts:<method>` call of the identity provider's REST API, from the browser. */
export async function providerCall(
  config: LoginPageConfig,
  method: string,
  body: Record<string, unknown>,
): Promise<ProviderAnswer> {
  const url = `${config.idpApiUrl}/v1/accounts:${method}?key=${encodeURIComponent(config.idpApiKey)}`;
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const data = (await response.json().catch(() => ({}))) as ProviderAnswer;
  if (!response.ok) throw new ProviderError(data?.error?.message ?? "UNKNOWN");
  // signInWithIdp answers 200 without an ID token when the email belongs to an account of
  // another sign-in method (needConfirmation), or with an errorMessage.
  if (data.needConfirmation) throw new ProviderError("NEED_CONFIRMATION");
  if (typeof data.errorMessage === "string") throw new ProviderError(data.errorMessage);
  return data;
}

/** The sentence the page shows for a failed sign-in. */
export function providerMessage(config: LoginPageConfig, error: unknown): string {
  const code = error instanceof ProviderError ? error.message : "";
  if (/EMAIL_EXISTS|NEED_CONFIRMATION/.test(code)) return config.errors.emailExists;
  if (/INVALID_PASSWORD|EMAIL_NOT_FOUND|INVALID_LOGIN_CREDENTIALS|INVALID_EMAIL/.test(code)) {
    return config.errors.invalidCredentials;
  }
  if (/^INVALID_CODE/.test(code)) return config.errors.invalidCode;
  if (/SESSION_EXPIRED|INVALID_SESSION_INFO|CODE_EXPIRED/.test(code)) return config.errors.codeUsed;
  if (/INVALID_PHONE_NUMBER|MISSING_PHONE_NUMBER|TOO_SHORT|TOO_LONG/.test(code)) return config.errors.phoneFormat;
  if (/RECAPTCHA|CAPTCHA_CHECK_FAILED|APP_CREDENTIAL/.test(code)) return config.errors.recaptcha;
  return config.errors.generic;
}
