/**
 * Runs async operations one after another in arrival order. Logic calls are asynchronous (RPC to
 * the sandbox), and actions of a room must run strictly in arrival order against the newest state.
 */
export class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(operation: () => Promise<T>): Promise<T> {
    const result = this.tail.then(operation);
    this.tail = result.catch(() => undefined);
    return result;
  }
}
