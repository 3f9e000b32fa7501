/**
 * The leads ticked for a bulk action. A store outside React, so that ticking one row renders
 * that row's box and the action bar, never the whole list (each reads it through
 * useSyncExternalStore: components/lead-selection-boxes).
 */
export class LeadSelection {
  private ids: readonly string[] = [];
  private readonly listeners = new Set<() => void>();

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** The ticked ids, in the order they were ticked; a new array after every change. */
  selected = (): readonly string[] => this.ids;

  has(id: string): boolean {
    return this.ids.includes(id);
  }

  toggle(id: string): void {
    this.set(this.has(id) ? this.ids.filter((one) => one !== id) : [...this.ids, id]);
  }

  /** Ticks (or unticks) every id of `ids`: the page's box. */
  setMany(ids: readonly string[], on: boolean): void {
    this.set(on ? [...this.ids, ...ids.filter((id) => !this.has(id))] : this.ids.filter((id) => !ids.includes(id)));
  }

  clear(): void {
    if (this.ids.length) this.set([]);
  }

  private set(ids: readonly string[]): void {
    this.ids = ids;
    for (const listener of this.listeners) listener();
  }
}
