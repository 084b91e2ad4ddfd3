import { handlePlatformRequest } from "./platform";

export { Balance } from "../durable-objects/balance/balance";
export { Room } from "../durable-objects/room/room";
export { SingleUseClaim } from "../durable-objects/single-use/single-use-claim";

export default {
  fetch: handlePlatformRequest,
} satisfies ExportedHandler<Env>;
