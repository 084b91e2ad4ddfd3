// The one Node module the Worker uses (nodejs_compat provides it). Declared here rather than
// pulling @types/node into the Worker's types, which would change setTimeout and friends.
declare module "node:async_hooks" {
  export class AsyncLocalStorage<T> {
    getStore(): T | undefined;
    run<R>(store: T, callback: () => R): R;
  }
}
