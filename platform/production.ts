/**
 * The stg and prd build (wrangler.toml's `[env.stg]` and `[env.prd]` `main`): the four apps of
 * the documents and nothing of dev. No stand-in, seeded account or dev index page is imported, so
 * none is in the bundle `wrangler deploy` uploads (test/unit/production-bundle.test.ts).
 */
import { createAuthApp, defaultAuthDeps } from "../workers/auth/app";
import { createBackendApp } from "../workers/backend/app";
import { runBackendSchedule } from "../workers/backend/scheduled";
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
import { platformHandler, scheduledHandler } from "./platform";

// The Durable Object classes and the egress gate wrangler.toml binds.
// Named one by one in both builds: `wrangler types` reads these names to type each namespace
// (`export *` from a shared file leaves them untyped).
export { Balance } from "../durable-objects/balance/balance";
export { QuickPlay } from "../durable-objects/quick-play/quick-play";
export { EgressGate } from "../durable-objects/room/egress-gate";
export { Room } from "../durable-objects/room/room";
export { SandboxDoor } from "../durable-objects/room/sandbox-door";
export { SingleUseClaim } from "../durable-objects/single-use/single-use-claim";
export { SmsSuccessRate } from "../durable-objects/sms-rate/sms-success-rate";

export const handlePlatformRequest = platformHandler({
  apps: {
    auth: () => createAuthApp({ ...defaultAuthDeps, termsAgreements }),
    store: createStoreApp,
    backend: () => createBackendApp({ publishPrincipals, operatorAccounts, smsRate, operatorRooms }),
    rooms: () => createRoomsApp({ roomRecords, revisions }),
  },
});

// The cron of wrangler.toml's [triggers]: the upload cleanup (docs/publishing.md, "Cleanup").
export const handleScheduled = scheduledHandler({ backend: runBackendSchedule });

export default {
  fetch: handlePlatformRequest,
  scheduled: handleScheduled,
} satisfies ExportedHandler<Env>;
