/** A refusal of the identity provider's REST API: its error code ("INVALID_CODE"). */
export class ProviderError extends Error {}

/** A refusal of /api/callback; `shown`: its message is already on the page. */
export class CallbackError extends Error {
  constructor(
    code: string,
    readonly shown = false,
  ) {
    super(code);
  }
}

/**
 * auth/<code> of a provider or callback failure ("INVALID_CODE" -> auth/invalid-code). The
 * provider may add a detail after " : " ("INVALID_PHONE_NUMBER : TOO_SHORT"); the code is the word
 * before it, so one failure counts as one code in the funnel.
 */
export function errorCode(error: unknown): string {
  const raw = error instanceof ProviderError || error instanceof CallbackError ? error.message : "internal_error";
  return `auth/${String(raw.split(" : ")[0])
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")}`;
}
