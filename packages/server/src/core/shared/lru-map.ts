// A Map bounded by its number of entries that drops the least recently used entry first.

export class LruMap<K, V> {
  private readonly entries = new Map<K, V>();

  /** `onEvict` hears of each entry dropped to keep the bound (not of `delete` or `clear`). */
  constructor(
    private readonly maxEntries: number,
    private readonly onEvict?: (key: K, value: V) => void,
  ) {
    if (!Number.isInteger(maxEntries) || maxEntries < 1) throw new Error('maxEntries must be a positive integer');
  }

  get size(): number {
    return this.entries.size;
  }

  /** The value under key, which becomes the most recently used. */
  get(key: K): V | undefined {
    if (!this.entries.has(key)) return undefined;
    const value = this.entries.get(key) as V;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  /** Stores value as the most recently used; over the bound, the least recently used entry goes. */
  set(key: K, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.maxEntries) {
      const [oldestKey, oldestValue] = this.entries.entries().next().value as [K, V];
      this.entries.delete(oldestKey);
      this.onEvict?.(oldestKey, oldestValue);
    }
  }

  delete(key: K): boolean {
    return this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  /** The keys whose values match, least recently used first (a copy: deleting them while walking it is safe). */
  keysWhere(matches: (value: V, key: K) => boolean): K[] {
    const found: K[] = [];
    for (const [key, value] of this.entries) if (matches(value, key)) found.push(key);
    return found;
  }
}
