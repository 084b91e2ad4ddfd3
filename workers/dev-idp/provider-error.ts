/**
 * Errors in the provider's own shape, so clients handle the dev IdP exactly like the real one:
 * HTTP 400 with {error: {code: 400, message: "EMAIL_EXISTS", errors: [...]}}.
 */
export class ProviderError extends Error {
  constructor(
    /** The provider's code word, e.g. "INVALID_PASSWORD". */
    readonly reason: string,
    /** Optional detail, sent as "REASON : detail" like the provider does. */
    readonly detail?: string,
    readonly status: 400 | 401 | 403 | 404 = 400,
  ) {
    super(detail ? `${reason} : ${detail}` : reason);
    this.name = "ProviderError";
  }
}

export function providerErrorResponse(error: ProviderError): Response {
  return Response.json(
    {
      error: {
        code: error.status,
        message: error.message,
        errors: [{ message: error.message, domain: "global", reason: "invalid" }],
      },
    },
    { status: error.status, headers: { "cache-control": "no-store" } },
  );
}
