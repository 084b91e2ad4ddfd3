/**
 * The ports the apps offer each other, built here and handed to the app factories: an app never
 * imports another app's files (test/unit/layering.test.ts), it is handed what it may use. Each
 * builder makes the port from the request's bindings; the port's type lives in src/app-ports/.
 */

import type { OperatorAccountsPort } from "../src/app-ports/operator-accounts";
import type { OperatorRoomsPort } from "../src/app-ports/operator-rooms";
import type { PublishPrincipalsPort } from "../src/app-ports/publish-principals";
import type { PublishedRevisionsPort } from "../src/app-ports/published-revisions";
import type { RoomRecordsPort } from "../src/app-ports/room-records";
import type { SmsRatePort } from "../src/app-ports/sms-rate";
import type { TermsAgreementsPort } from "../src/app-ports/terms-agreements";
import type { IdentityProvider } from "../src/idp/identity-provider";
import { operatorAccounts as signInAccounts } from "../workers/auth/ports/operator-accounts";
import { publishPrincipalsOf } from "../workers/auth/ports/publish-principals";
import { smsRatePort } from "../workers/auth/ports/sms-rate";
import { PublishedRevisions } from "../workers/backend/ports/revisions";
import { RoomRecords } from "../workers/backend/ports/room-records";
import { TermsAgreements } from "../workers/backend/ports/terms-agreements";
import { operatorRooms as roomsForOperators } from "../workers/rooms/ports/operator-rooms";

/** The backend's paid-release terms ledger, for the sign-in service's POST /api/consent. */
export const termsAgreements = (env: Env, now: () => number): TermsAgreementsPort =>
  new TermsAgreements(env.BACKEND_DB, now);

/** The sign-in service's publish principals, for the backend's authentication. */
export const publishPrincipals = (env: Env, idp: IdentityProvider): PublishPrincipalsPort =>
  publishPrincipalsOf(env, idp);

/** The backend's room records, for the rooms app's lobby. */
export const roomRecords = (env: Env): RoomRecordsPort => new RoomRecords(env.BACKEND_DB);

/** The backend's registered revisions, for the rooms app's play links and lobby. */
export const revisions = (env: Env): PublishedRevisionsPort => new PublishedRevisions(env.BACKEND_DB);

/** The sign-in service's accounts, sessions and publish tokens, for the backend's operator console. */
export const operatorAccounts = (env: Env, idp: IdentityProvider, now: () => number): OperatorAccountsPort =>
  signInAccounts(env, idp, now);

/** The sign-in service's SMS success rate, for the console's notices. */
export const smsRate = (env: Env): SmsRatePort => smsRatePort(env);

/** The rooms app's rooms as an operator sees and acts on them, for the console. */
export const operatorRooms = (env: Env): OperatorRoomsPort => roomsForOperators(env);
