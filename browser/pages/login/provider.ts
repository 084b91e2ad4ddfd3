import type { LoginPageConfig } from "../../../src/page-configs/login";
import { ProviderError } from "./errors";
import type { AccountsMethod, ProviderAnswer, ProviderRequest } from "./provider-requests";

export type { ProviderAnswer } from "./provider-requests";

/** What a refusal or an unfinished answer carries (signInWithIdp's needConfirmation, errorMessage). */
interface ProviderOutcome {
  needConfirmation?: boolean;
  errorMessage?: string;
  error?: { message?: string };
}

/** One `accounts:<method>` call of the identity provider's REST API, from the browser. */
export async function providerCall<M extends AccountsMethod>(
  config: LoginPageConfig,
  method: M,
  body: ProviderRequest<M>,
): Promise<ProviderAnswer<M>> {
  const url = `${config.idpApiUrl}/v1/accounts:${method}?key=${encodeURIComponent(config.idpApiKey)}`;
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const data = (await response.json().catch(() => ({}))) as ProviderOutcome;
  if (!response.ok) throw new ProviderError(data?.error?.message ?? "UNKNOWN");
  // signInWithIdp answers 200 without an ID token when the email belongs to an account of
  // another sign-in method (needConfirmation), or with an errorMessage.
  if (data.needConfirmation) throw new ProviderError("NEED_CONFIRMATION");
  if (typeof data.errorMessage === "string") throw new ProviderError(data.errorMessage);
  return data as ProviderAnswer<M>;
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
