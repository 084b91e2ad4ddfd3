import { clientFor, type DocumentKey, missingDocumentKeys } from "../../src/auth/clients";
import { ApiError } from "../../src/worker-kit/errors";
import { currentLog } from "../../src/worker-kit/request-log";
import type { PendingSignUps } from "./pending-sign-ups";

export interface SignUpRequest {
  uid: string;
  clientId: string;
  /** The login page says the provider just created the account. */
  declared: boolean;
  consented: readonly DocumentKey[];
}

/**
 * The sign-up step of /api/callback. A sign-up is what the page declares, or what an earlier
 * callback of this uid started and did not finish. It is marked before anything can refuse it,
 * so a refusal, a failed write or a crash leaves it a sign-up for the next callback; it ends
 * only when every required document is recorded. Throws when the sign-in must not go on.
 */
export async function settleSignUp(signUps: PendingSignUps, request: SignUpRequest): Promise<void> {
  const { uid, clientId } = request;
  const pending = await unavailableOnError(() => signUps.isPending(uid), "sign-up state not read");
  if (!request.declared && !pending) return;
  if (!pending) await notRecordedOnError(() => signUps.begin(uid, clientId), "sign-up not marked");

  const missing = missingDocumentKeys(clientId, request.consented);
  if (missing.length > 0) {
    throw new ApiError(400, "consent_required", `Sign-up needs consent to: ${missing.join(", ")}.`);
  }
  const required = clientFor(clientId).requiredDocumentKeys;
  const source = required.includes("portal_terms") ? "portal_signup" : "auth_signup";
  await notRecordedOnError(() => signUps.complete(uid, required, source), "consent not recorded");
}

/**
 * A browser session for a uid whose sign-up is unfinished would sign it in everywhere without its
 * consent: such a uid finishes on the login page first.
 */
export async function requireFinishedSignUp(signUps: PendingSignUps, uid: string): Promise<void> {
  if (await unavailableOnError(() => signUps.isPending(uid), "sign-up state not read")) {
    throw new ApiError(
      403,
      "sign_up_incomplete",
      "This account's sign-up is not finished. Sign in on the login page and accept the documents first.",
    );
  }
}

/** Without the sign-up state no sign-in can go on: it could skip an unfinished sign-up's consent. */
async function unavailableOnError<T>(work: () => Promise<T>, what: string): Promise<T> {
  try {
    return await work();
  } catch (error) {
    logFailure(what, error);
    throw new ApiError(503, "sign_in_unavailable", "Sign-in is unavailable for a moment. Please try again.");
  }
}

async function notRecordedOnError(work: () => Promise<void>, what: string): Promise<void> {
  try {
    await work();
  } catch (error) {
    logFailure(what, error);
    throw new ApiError(503, "consent_not_recorded", "Your consent could not be recorded. Please try again.");
  }
}

function logFailure(message: string, error: unknown): void {
  currentLog().error(message, { error: String(error) });
}
