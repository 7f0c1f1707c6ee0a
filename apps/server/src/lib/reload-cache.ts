/** Something that says when cached tables changed: the click cache's LISTEN pxl_cache connection (migrations 0005, 0011). */
export type ChangeSource = { onChange(fn: (table: string | null) => void): () => void };

/**
 * Values loaded by key once and kept in this process until a change notification or the TTL drops them all.
 * The promise is kept from the start, so concurrent misses share one load; a failed load is not kept. A load still
 * running when the cache is dropped serves only the callers that were already waiting on it.
 */
export class ReloadCache<K, V> {
  private values = new Map<K, Promise<V>>();
  private loadedAt = Date.now();
  /** Counts drops on notification, so a test can wait for a change to have arrived. */
  generation = 0;

  /** `keep` says which loaded values stay (a miss need not: a flood of unknown keys must not fill the map). */
  constructor(
    private readonly load: (key: K) => Promise<V>,
    private readonly ttlMs: number,
    private readonly keep: (value: V) => boolean = () => true,
  ) {}

  get(key: K): Promise<V> {
    if (Date.now() - this.loadedAt > this.ttlMs) this.drop();
    let hit = this.values.get(key);
    if (!hit) {
      const values = this.values;
      hit = this.load(key).then(
        (value) => {
          if (!this.keep(value) && values.get(key) === hit) values.delete(key);
          return value;
        },
        (err) => {
          if (values.get(key) === hit) values.delete(key);
          throw err;
        },
      );
      values.set(key, hit);
    }
    return hit;
  }

  /** Something changed: everything is read again. */
  clear() {
    this.drop();
    this.generation += 1;
  }

  private drop() {
    // A new map rather than emptying this one: a failing load still in flight then cannot delete a newer entry.
    this.values = new Map();
    this.loadedAt = Date.now();
  }
}
