import { requiredDocumentKeys } from "../../src/auth/clients";
import type { PendingDocument } from "../../src/auth/document-catalog";
import { type Language, pickLanguage } from "../../src/auth/i18n";
import { ApiError } from "../../src/worker-kit/errors";
import { currentLog, currentRequestId } from "../../src/worker-kit/request-log";
import type { AuthContext } from "./auth-env";
import { ConsentLedger } from "./consent-ledger";

/**
 * The documents the client requires that uid has still to accept (document 1, Versioning): empty
 * when the gate is passed; summaries in `language`. A ledger that cannot be read stops the
 * sign-in (503), never waves it through.
 */
export async function pendingForClient(
  c: AuthContext,
  uid: string,
  clientId: string | undefined | null,
  language: Language,
) {
  try {
    return await new ConsentLedger(c.env.AUTH_DB, c.get("auth").now).pending(
      uid,
      requiredDocumentKeys(clientId),
      language,
    );
  } catch (error) {
    currentLog().error("consent ledger not read", { error: String(error) });
    throw new ApiError(503, "sign_in_unavailable", "Sign-in is unavailable for a moment. Please try again.");
  }
}

/**
 * The re-consent gate of the login callback: when a document the client requires has a
 * substantive revision the user has not accepted, the sign-in stops with 409 reconsent_required
 * and the documents to show; the login state is kept, so after POST /api/consent the page posts
 * the callback again. null: the gate is passed. (GET /login applies the same gate to a browser
 * with an SSO session: routes/login.tsx.) Summaries are in the page's language, which the login
 * page sends as Accept-Language.
 */
export async function reconsentRequired(c: AuthContext, uid: string, clientId: string): Promise<Response | null> {
  const language = pickLanguage({ acceptLanguage: c.req.header("accept-language") });
  const documents: PendingDocument[] = await pendingForClient(c, uid, clientId, language);
  if (documents.length === 0) return null;
  return Response.json(
    {
      error: "reconsent_required",
      message: "Updated documents need your agreement before you continue.",
      requestId: currentRequestId(),
      documents,
    },
    { status: 409, headers: { "cache-control": "no-store" } },
  );
}
