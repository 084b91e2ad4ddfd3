/**
 * The app-start consent check of document 1 (Versioning: "at app start or token refresh"):
 * `GET {authUrl}/api/consent/pending?scope=<client id>`. An answer is the count of documents
 * still to accept; anything else is a failure, never "nothing pending", so an app that cannot
 * ask does not open as if the user had accepted.
 */

/** Why the check could not be made. */
export type ConsentCheckFailure =
  /** The request never got an answer: offline, DNS, a CSP block, a CORS refusal. */
  | "network"
  /** 5xx, 408 or 429: the service is failing or busy. */
  | "unavailable"
  /** 401 or 403: the service refused the ID token (expired, revoked, not a user's). */
  | "token-refused"
  /** Another 4xx: the request itself was refused. */
  | "refused"
  /** 200 with a body that is not the list of documents. */
  | "unreadable";

export type ConsentCheck = { ok: true; pending: number } | { ok: false; failure: ConsentCheckFailure };

/**
 * The waits before the second and third try. A blip of the network or a deploy of the service
 * passes within them; an outage longer than that is the person's to retry (a button), not a
 * spinner's. A refused token or request is not tried again: the same request gets the same answer.
 */
export const CONSENT_CHECK_RETRY_DELAYS_MS: readonly number[] = [500, 1500];

const RETRIED: ReadonlySet<ConsentCheckFailure> = new Set(["network", "unavailable", "unreadable"]);

export interface ConsentCheckRequest {
  /** The sign-in service's base URL, without a trailing slash. */
  authUrl: string;
  clientId: string;
  idToken: string;
  fetch: typeof fetch;
  /** Waits between tries: setTimeout in a browser, a fake clock in tests. */
  sleep(ms: number): Promise<void>;
}

/** Asks, and on a failure worth retrying asks again after each of the retry delays. */
export async function checkPendingConsent(request: ConsentCheckRequest): Promise<ConsentCheck> {
  let result = await askOnce(request);
  for (const delay of CONSENT_CHECK_RETRY_DELAYS_MS) {
    if (result.ok || !RETRIED.has(result.failure)) return result;
    await request.sleep(delay);
    result = await askOnce(request);
  }
  return result;
}

async function askOnce({ authUrl, clientId, idToken, fetch }: ConsentCheckRequest): Promise<ConsentCheck> {
  let res: Response;
  try {
    res = await fetch(`${authUrl}/api/consent/pending?scope=${encodeURIComponent(clientId)}`, {
      headers: { authorization: `Bearer ${idToken}` },
    });
  } catch {
    return { ok: false, failure: "network" };
  }
  if (!res.ok) return { ok: false, failure: failureOfStatus(res.status) };
  let documents: unknown;
  try {
    documents = await res.json();
  } catch {
    return { ok: false, failure: "unreadable" };
  }
  // document 1: [{documentKey, version, effectiveAt, summary, contentRef}], [] when nothing is pending.
  if (!Array.isArray(documents) || !documents.every(isPendingDocument)) return { ok: false, failure: "unreadable" };
  return { ok: true, pending: documents.length };
}

function failureOfStatus(status: number): ConsentCheckFailure {
  if (status === 401 || status === 403) return "token-refused";
  if (status >= 500 || status === 408 || status === 429) return "unavailable";
  return "refused";
}

function isPendingDocument(entry: unknown): boolean {
  return (
    typeof entry === "object" && entry !== null && typeof (entry as { documentKey?: unknown }).documentKey === "string"
  );
}
