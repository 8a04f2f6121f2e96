/**
 * Reads shared by concurrent requests, without giving up freshness: every caller gets a read
 * that *started after it called*, so a write committed before a request arrived (on any
 * instance sharing the database) is always seen, exactly as if each request had read on its
 * own. Under load the database sees about one statement per round trip, not one per request:
 * callers that arrive while a read is under way share the next one. A caller alone pays no
 * wait at all (its read starts at once).
 *
 * Not a cache: nothing is kept after a read answers, so there is nothing to invalidate and
 * no instance can serve what another has already changed.
 */

/** One value (a version, a snapshot's bounds) read for every caller waiting. */
export function coalescedProbe<V>(read: () => Promise<V>): () => Promise<V> {
  let running: Promise<V> | null = null;
  let queued: Promise<V> | null = null;
  const start = (): Promise<V> => {
    const p = read().finally(() => {
      if (running === p) running = null;
    });
    running = p;
    return p;
  };
  return () => {
    if (!running) return start();
    queued ??= running
      .catch(() => undefined)
      .then(() => {
        queued = null;
        return start();
      });
    return queued;
  };
}

/**
 * One value per key (a session by its id), read in batches: the keys of every caller waiting
 * go to the database in one statement (`readMany`), which answers what it found by key (a key
 * it did not find gets undefined). At most `maxBatch` keys per statement; more wait for the next.
 */
export function coalescedBatch<K, V>(readMany: (keys: K[]) => Promise<Map<K, V>>, maxBatch = 256): (key: K) => Promise<V | undefined> {
  return coalescedBatchBy((key: K) => key, readMany, maxBatch);
}

/**
 * coalescedBatch for keys that are values of several fields (a stay: type and dates): `keyOf`
 * says which keys are the same (a string, as the answer's Map is keyed), so a key asked twice
 * is read once, and `readMany` gets the distinct keys themselves, not strings to take apart.
 */
export function coalescedBatchBy<K, M, V>(keyOf: (key: K) => M, readMany: (keys: K[]) => Promise<Map<M, V>>, maxBatch = 256): (key: K) => Promise<V | undefined> {
  interface Waiter {
    key: K;
    resolve: (value: V | undefined) => void;
    reject: (err: unknown) => void;
  }
  let running = false;
  let waiting: Waiter[] = [];

  const run = (batch: Waiter[]): void => {
    running = true;
    const keys = [...new Map(batch.map((w) => [keyOf(w.key), w.key])).values()];
    readMany(keys).then(
      (found) => {
        for (const w of batch) w.resolve(found.get(keyOf(w.key)));
        next();
      },
      (err: unknown) => {
        // Each caller fails as its own read would have; the ones queued behind get a new try.
        for (const w of batch) w.reject(err);
        next();
      },
    );
  };
  const next = (): void => {
    running = false;
    if (waiting.length === 0) return;
    const batch = waiting.slice(0, maxBatch);
    waiting = waiting.slice(maxBatch);
    run(batch);
  };

  return (key) =>
    new Promise<V | undefined>((resolve, reject) => {
      const waiter = { key, resolve, reject };
      if (running) waiting.push(waiter);
      else run([waiter]);
    });
}

/**
 * One `make(owner)` per owner (a database handle, a deps object), made on first use and
 * dropped with the owner: the shared reads of a feature belong to the database they read.
 */
export function perOwner<O extends object, T>(make: (owner: O) => T): (owner: O) => T {
  const made = new WeakMap<O, T>();
  return (owner) => {
    let value = made.get(owner);
    if (value === undefined) {
      value = make(owner);
      made.set(owner, value);
    }
    return value;
  };
}
