import { handlePlatformRequest } from "./platform";

export { Balance } from "../durable-objects/balance/balance";
export { Room } from "../durable-objects/room/room";

export default {
  fetch: handlePlatformRequest,
} satisfies ExportedHandler<Env>;
