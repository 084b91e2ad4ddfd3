/**
 * The error codes Google documents for each call of the identity provider's contract
 * (identity-toolkit-contract.ts): what a client must expect, and all the dev IdP may answer
 * (test/workers/dev-idp-contract.test.ts). The provider's refusal is HTTP 400 with
 * `{error: {code, message: "CODE" or "CODE : detail"}}`. Hand-written from three of Google's
 * sources, each named by its URL: the REST reference lists a few codes per call; Google's own
 * Auth emulator (the same firebase-tools version the contract is generated from) answers the ones
 * of a malformed request; Google's web client names the phone and reCAPTCHA ones, which the REST
 * reference does not cover. Upgrading: docs/decisions/0117-the-identity-providers-contract.md, "The identity provider's contract".
 */
import type { IdentityToolkitCalls } from "./identity-toolkit-types";

export const ERROR_SOURCES = {
  /** Firebase Auth REST API reference: each section's "Common error codes". */
  rest: "https://firebase.google.com/docs/reference/rest/auth",
  /** Google's Auth emulator at the contract's firebase-tools version: what each operation refuses. */
  emulator: "https://github.com/firebase/firebase-tools/blob/v15.34.2/src/emulator/auth/operations.ts",
  /** Google's web client (Firebase JS SDK): the server's codes it maps, grouped by call. */
  webClient: "https://github.com/firebase/firebase-js-sdk/blob/main/packages/auth/src/api/errors.ts",
  /**
   * Identity Platform's email enumeration protection (on by default for projects since September
   * 2023): `accounts:update` no longer changes an email ("OPERATION_NOT_ALLOWED : Please verify the
   * new email before changing email.").
   */
  enumerationProtection: "https://cloud.google.com/identity-platform/docs/admin/email-enumeration-protection",
} as const;

type Source = keyof typeof ERROR_SOURCES;

interface DocumentedErrors {
  /** The REST reference's sections for this call (anchors of ERROR_SOURCES.rest). */
  restSections: readonly string[];
  codes: Partial<Record<Source, readonly string[]>>;
}

/**
 * Refusals of Google's API front end before any call runs, documented in the REST reference's
 * "Refresh token" section: a wrong API key, and a body that does not parse into the call's request
 * (an unknown field, a wrong type). Matched as the start of the message.
 */
export const FRONT_END_ERRORS = [
  "API key not valid. Please pass a valid API key.",
  "Invalid JSON payload received.",
  // The admin calls without a valid Google OAuth 2.0 credential: HTTP 401, status UNAUTHENTICATED
  // (Google's API error model, https://cloud.google.com/apis/design/errors).
  "Request had invalid authentication credentials.",
];

const ID_TOKEN_CODES = ["INVALID_ID_TOKEN", "TOKEN_EXPIRED", "USER_NOT_FOUND", "USER_DISABLED"] as const;

export const DOCUMENTED_ERRORS: Record<keyof IdentityToolkitCalls, DocumentedErrors> = {
  signInWithCustomToken: {
    restSections: ["section-verify-custom-token"],
    codes: {
      rest: ["INVALID_CUSTOM_TOKEN", "CREDENTIAL_MISMATCH"],
      emulator: ["MISSING_CUSTOM_TOKEN", "INVALID_CUSTOM_TOKEN", "USER_DISABLED"],
      webClient: ["CREDENTIAL_MISMATCH", "MISSING_CUSTOM_TOKEN"],
    },
  },
  signInWithPassword: {
    restSections: ["section-sign-in-email-password"],
    codes: {
      rest: ["EMAIL_NOT_FOUND", "INVALID_PASSWORD", "USER_DISABLED"],
      emulator: [
        "MISSING_EMAIL",
        "INVALID_EMAIL",
        "MISSING_PASSWORD",
        "EMAIL_NOT_FOUND",
        "INVALID_PASSWORD",
        "INVALID_LOGIN_CREDENTIALS",
        "USER_DISABLED",
        "PASSWORD_LOGIN_DISABLED",
      ],
      webClient: ["INVALID_PASSWORD", "MISSING_PASSWORD", "INVALID_LOGIN_CREDENTIALS", "TOO_MANY_ATTEMPTS_TRY_LATER"],
    },
  },
  signUp: {
    restSections: ["section-create-email-password"],
    codes: {
      rest: ["EMAIL_EXISTS", "OPERATION_NOT_ALLOWED", "TOO_MANY_ATTEMPTS_TRY_LATER"],
      emulator: ["MISSING_EMAIL", "INVALID_EMAIL", "MISSING_PASSWORD", "WEAK_PASSWORD", "EMAIL_EXISTS"],
    },
  },
  sendVerificationCode: {
    restSections: [],
    codes: {
      emulator: ["INVALID_PHONE_NUMBER"],
      webClient: [
        "MISSING_PHONE_NUMBER",
        "INVALID_PHONE_NUMBER",
        "CAPTCHA_CHECK_FAILED",
        "INVALID_APP_CREDENTIAL",
        "MISSING_APP_CREDENTIAL",
        "MISSING_RECAPTCHA_TOKEN",
        "INVALID_RECAPTCHA_TOKEN",
        "QUOTA_EXCEEDED",
        "TOO_MANY_ATTEMPTS_TRY_LATER",
      ],
    },
  },
  signInWithPhoneNumber: {
    restSections: [],
    codes: {
      emulator: ["MISSING_SESSION_INFO", "MISSING_CODE", "INVALID_SESSION_INFO", "INVALID_CODE", "USER_DISABLED"],
      webClient: ["INVALID_CODE", "INVALID_SESSION_INFO", "MISSING_SESSION_INFO", "SESSION_EXPIRED", "MISSING_CODE"],
    },
  },
  createAuthUri: {
    restSections: ["section-fetch-providers-for-email"],
    codes: {
      rest: ["INVALID_EMAIL"],
      emulator: ["MISSING_IDENTIFIER", "MISSING_CONTINUE_URI", "INVALID_IDENTIFIER", "INVALID_CONTINUE_URI"],
      webClient: ["INVALID_IDENTIFIER", "MISSING_CONTINUE_URI", "INVALID_PROVIDER_ID", "UNAUTHORIZED_DOMAIN"],
    },
  },
  signInWithIdp: {
    restSections: ["section-sign-in-with-oauth-credential", "section-link-with-oauth-credential"],
    codes: {
      rest: [
        "OPERATION_NOT_ALLOWED",
        "INVALID_IDP_RESPONSE",
        "INVALID_ID_TOKEN",
        "EMAIL_EXISTS",
        "FEDERATED_USER_ID_ALREADY_LINKED",
      ],
      // With `idToken` (linking) the emulator checks it as lookup does.
      emulator: ["MISSING_REQUEST_URI", "INVALID_REQUEST_URI", "INVALID_IDP_RESPONSE", ...ID_TOKEN_CODES],
      webClient: ["INVALID_IDP_RESPONSE", "INVALID_PENDING_TOKEN", "FEDERATED_USER_ID_ALREADY_LINKED"],
    },
  },
  lookup: {
    restSections: ["section-get-account-info"],
    codes: { rest: ["INVALID_ID_TOKEN", "USER_NOT_FOUND"], emulator: ["MISSING_ID_TOKEN", ...ID_TOKEN_CODES] },
  },
  update: {
    restSections: [
      "section-change-email",
      "section-change-password",
      "section-update-profile",
      "section-link-with-email-password",
    ],
    codes: {
      rest: ["EMAIL_EXISTS", "INVALID_ID_TOKEN", "WEAK_PASSWORD", "CREDENTIAL_TOO_OLD_LOGIN_AGAIN", "TOKEN_EXPIRED"],
      emulator: [
        "INVALID_REQ_TYPE",
        "INVALID_EMAIL",
        "EMAIL_EXISTS",
        "WEAK_PASSWORD",
        "OPERATION_NOT_ALLOWED",
        ...ID_TOKEN_CODES,
      ],
      enumerationProtection: ["OPERATION_NOT_ALLOWED"],
    },
  },
  delete: {
    restSections: ["section-delete-account"],
    codes: {
      rest: ["INVALID_ID_TOKEN", "USER_NOT_FOUND"],
      emulator: ["MISSING_ID_TOKEN", "MISSING_LOCAL_ID", ...ID_TOKEN_CODES],
      webClient: ["CREDENTIAL_TOO_OLD_LOGIN_AGAIN"],
    },
  },
  recaptchaParams: { restSections: [], codes: {} },
  // The admin SDK's calls (a Google OAuth 2.0 credential): an unknown uid is a lookup without
  // users, not a refusal; an update names the account by localId.
  adminLookup: { restSections: [], codes: { emulator: [] } },
  adminUpdate: { restSections: [], codes: { emulator: ["MISSING_LOCAL_ID", "USER_NOT_FOUND"] } },
  token: {
    restSections: ["section-refresh-token"],
    codes: {
      rest: [
        "TOKEN_EXPIRED",
        "USER_DISABLED",
        "USER_NOT_FOUND",
        "INVALID_REFRESH_TOKEN",
        "INVALID_GRANT_TYPE",
        "MISSING_REFRESH_TOKEN",
        "PROJECT_NUMBER_MISMATCH",
      ],
      emulator: ["MISSING_GRANT_TYPE", "INVALID_GRANT_TYPE", "MISSING_REFRESH_TOKEN", "USER_DISABLED"],
    },
  },
};

/** The code of a refusal's message: "INVALID_PASSWORD" of "INVALID_PASSWORD : detail". */
export function errorCodeOf(message: string): string {
  return message.split(" : ")[0] ?? message;
}

/** Whether `message` is a refusal Google documents for `call`. */
export function isDocumentedError(call: keyof IdentityToolkitCalls, message: string): boolean {
  if (FRONT_END_ERRORS.some((prefix) => message.startsWith(prefix))) return true;
  const code = errorCodeOf(message);
  return Object.values(DOCUMENTED_ERRORS[call].codes).some((codes) => codes.includes(code));
}
