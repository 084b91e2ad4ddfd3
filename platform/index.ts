import { handlePlatformRequest } from "./platform";

export { Balance } from "../durable-objects/balance/balance";
export { QuickPlay } from "../durable-objects/quick-play/quick-play";
export { EgressGate } from "../durable-objects/room/egress-gate";
export { Room } from "../durable-objects/room/room";
export { SingleUseClaim } from "../durable-objects/single-use/single-use-claim";
export { SmsSuccessRate } from "../durable-objects/sms-rate/sms-success-rate";
export { WebhookOutbox } from "../durable-objects/webhook-outbox/webhook-outbox";

export default {
  fetch: handlePlatformRequest,
} satisfies ExportedHandler<Env>;
