/**
 * A small least-recently-used cache: a Map keeps insertion order, so the oldest entry is first and
 * a hit is moved to the end. For values that never change for their key (rendered Markdown by paste
 * and edit time, a QR code by URL), so nothing here ever needs invalidating.
 */
export class Lru<V> {
  private readonly entries = new Map<string, V>();

  constructor(private readonly max: number) {}

  get(key: string): V | undefined {
    const hit = this.entries.get(key);
    if (hit === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, hit);
    return hit;
  }

  set(key: string, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
  }

  /** The cached value, or `make()`'s, kept. */
  getOrSet(key: string, make: () => V): V {
    const hit = this.get(key);
    if (hit !== undefined) return hit;
    const value = make();
    this.set(key, value);
    return value;
  }

  get size(): number {
    return this.entries.size;
  }
}
