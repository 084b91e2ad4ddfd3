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
 * A refusal of Google's API front end before the call runs, with its message and its status name
 * (Google's API error model): a body that does not parse, a request without a valid credential.
 */
export class FrontEndError extends ProviderError {
  constructor(
    status: 400 | 401 | 403,
    readonly statusName: "INVALID_ARGUMENT" | "UNAUTHENTICATED" | "PERMISSION_DENIED",
    message: string,
  ) {
    super(statusName, undefined, status);
    this.message = message;
  }
}

/**
 * A body that does not parse into the call's request: the message is "Invalid JSON payload
 * received. <detail>", the status INVALID_ARGUMENT.
 */
export class InvalidPayloadError extends FrontEndError {
  constructor(detail: string) {
    super(400, "INVALID_ARGUMENT", `Invalid JSON payload received. ${detail}`);
  }
}

/** An admin call without a valid Google OAuth 2.0 access token: HTTP 401 UNAUTHENTICATED. */
export function unauthenticated(): FrontEndError {
  return new FrontEndError(
    401,
    "UNAUTHENTICATED",
    "Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.",
  );
}

export function providerErrorResponse(error: ProviderError): Response {
  return Response.json(
    {
      error: {
        code: error.status,
        message: error.message,
        errors: [{ message: error.message, domain: "global", reason: "invalid" }],
        ...(error instanceof FrontEndError ? { status: error.statusName } : {}),
      },
    },
    { status: error.status, headers: { "cache-control": "no-store" } },
  );
}
