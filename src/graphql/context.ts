import type { OrderingCaller, OrderingServices } from "./ordering-services";
import type { GraphQLServices } from "./services";

/** What every resolver receives: the caller (resolved on first use) and the backend's services. */
export interface GraphQLContext {
  /** The caller's users.id from the bearer ID token; null: unauthenticated (publish tokens too). */
  callerUserId(): Promise<number | null>;
  services: GraphQLServices;
  /** The caller's uid and admin claim from the bearer ID token; null as for callerUserId. */
  caller(): Promise<OrderingCaller | null>;
  /** The ordering operation (reorder mutations). */
  ordering: OrderingServices;
  /** Aborts when the client goes away (ends a subscription). */
  signal: AbortSignal;
}
