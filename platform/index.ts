/**
 * The dev build (wrangler.toml's top-level `main`: `npm run dev`, the tests, `scenario dev`):
 * every app, the identity and payment stand-ins, and the index page at `/`. stg and prd are built
 * from platform/production.ts, which imports none of the stand-ins.
 */
import { createAuthApp, defaultAuthDeps } from "../workers/auth/app";
import { createBackendApp } from "../workers/backend/app";
import { runBackendSchedule } from "../workers/backend/scheduled";
import { createDevIdpApp } from "../workers/dev-idp/app";
import { seededAccounts } from "../workers/dev-idp/ports/seeded-accounts";
import { createDevPaymentsApp } from "../workers/dev-payments/app";
import { createRoomsApp } from "../workers/rooms/app";
import { createStoreApp } from "../workers/store/app";
import {
  operatorAccounts,
  operatorRooms,
  publishPrincipals,
  revisions,
  roomRecords,
  smsRate,
  termsAgreements,
} from "./app-ports";
import { renderDevIndexPage } from "./dev-index-page";
import { platformHandler, scheduledHandler } from "./platform";

// The Durable Object classes and the egress gate wrangler.toml binds; the payment stand-in's outbox in dev only.
// Named one by one in both builds: `wrangler types` reads these names to type each namespace
// (`export *` from a shared file leaves them untyped).
export { Balance } from "../durable-objects/balance/balance";
export { QuickPlay } from "../durable-objects/quick-play/quick-play";
export { EgressGate } from "../durable-objects/room/egress-gate";
export { Room } from "../durable-objects/room/room";
export { SandboxDoor } from "../durable-objects/room/sandbox-door";
export { SingleUseClaim } from "../durable-objects/single-use/single-use-claim";
export { SmsSuccessRate } from "../durable-objects/sms-rate/sms-success-rate";
export { WebhookOutbox } from "../durable-objects/webhook-outbox/webhook-outbox";

export const handlePlatformRequest = platformHandler({
  apps: {
    // The login page's dev account picker: the dev IdP's seeded accounts, shown only where it is mounted.
    auth: () => createAuthApp({ ...defaultAuthDeps, termsAgreements, devAccounts: seededAccounts }),
    store: createStoreApp,
    backend: () => createBackendApp({ publishPrincipals, operatorAccounts, smsRate, operatorRooms }),
    rooms: () => createRoomsApp({ roomRecords, revisions }),
    "dev-idp": createDevIdpApp,
    "dev-payments": createDevPaymentsApp,
  },
  indexPage: async (config, env) => (await renderDevIndexPage(config, env)).toString(),
});

// The cron of wrangler.toml's [triggers]: the upload cleanup (docs/publishing.md, "Cleanup").
export const handleScheduled = scheduledHandler({ backend: runBackendSchedule });

export default {
  fetch: handlePlatformRequest,
  scheduled: handleScheduled,
} satisfies ExportedHandler<Env>;
