import type { GraphQLServices } from "./services";

/** What every resolver receives: the caller (resolved on first use) and the backend's services. */
export interface GraphQLContext {
  /** The caller's users.id from the bearer ID token; null: unauthenticated (publish tokens too). */
  callerUserId(): Promise<number | null>;
  services: GraphQLServices;
  /** Aborts when the client goes away (ends a subscription). */
  signal: AbortSignal;
}
