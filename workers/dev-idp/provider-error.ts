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

/**
 * A body that does not parse into the call's request, refused by Google's API front end before the
 * call runs: the message is "Invalid JSON payload received. <detail>", the status INVALID_ARGUMENT.
 */
export class InvalidPayloadError extends ProviderError {
  constructor(detail: string) {
    super("INVALID_ARGUMENT");
    this.message = `Invalid JSON payload received. ${detail}`;
  }
}

export function providerErrorResponse(error: ProviderError): Response {
  return Response.json(
    {
      error: {
        code: error.status,
        message: error.message,
        errors: [{ message: error.message, domain: "global", reason: "invalid" }],
        ...(error instanceof InvalidPayloadError ? { status: "INVALID_ARGUMENT" } : {}),
      },
    },
    { status: error.status, headers: { "cache-control": "no-store" } },
  );
}
