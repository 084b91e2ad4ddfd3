/** What every resolver receives: the caller (null when unauthenticated) and the backend's services. */
export interface GraphQLContext {
  /** The caller's users.id, resolved from the bearer ID token; null: unauthenticated. */
  userId: number | null;
  services: import("./services").GraphQLServices;
}
