/**
 * One immutable snapshot with subscribe(): the shape React's
 * useSyncExternalStore expects. Updates that return the same object notify
 * nobody, so a no-op never costs a render.
 */
export type Listener = () => void;

export class Store<T> {
  private snapshot: T;
  private readonly listeners = new Set<Listener>();

  constructor(initial: T) {
    this.snapshot = initial;
  }

  getSnapshot = (): T => this.snapshot;

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  update(fn: (prev: T) => T): void {
    const next = fn(this.snapshot);
    if (Object.is(next, this.snapshot)) return;
    this.snapshot = next;
    for (const l of [...this.listeners]) l();
  }
}
