/** A minimal typed event emitter; a throwing listener is logged and does not stop the others. */
export class Emitter<Events extends Record<string, unknown>> {
  private readonly listeners = new Map<keyof Events, Set<(value: never) => void>>();

  on<K extends keyof Events>(event: K, listener: (value: Events[K]) => void): () => void {
    let set = this.listeners.get(event);
    if (!set) {
      set = new Set();
      this.listeners.set(event, set);
    }
    set.add(listener as (value: never) => void);
    return () => set.delete(listener as (value: never) => void);
  }

  emit<K extends keyof Events>(event: K, value: Events[K]): void {
    for (const listener of this.listeners.get(event) ?? []) {
      try {
        (listener as (value: Events[K]) => void)(value);
      } catch (error) {
        console.error(`game listener for "${String(event)}" threw`, error);
      }
    }
  }
}
