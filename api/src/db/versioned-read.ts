/**
 * A value kept in memory while the probed version stays the same (the public catalogue against
 * catalogue_version): the probe runs on every call, so a change committed on any instance is
 * seen by the next caller; the value is loaded once per version, however many callers ask at
 * the same moment. A failed load is not kept: the next caller tries again.
 */
export function versionedRead<T>(probe: () => Promise<string>, load: () => Promise<T>): () => Promise<{ version: string; value: T }> {
  let cached: { version: string; value: T } | null = null;
  let loading: { version: string; promise: Promise<{ version: string; value: T }> } | null = null;
  return async () => {
    const version = await probe();
    if (cached?.version === version) return cached;
    if (loading?.version === version) return loading.promise;
    const promise = load()
      .then((value) => {
        const entry = { version, value };
        cached = entry;
        return entry;
      })
      .finally(() => {
        if (loading?.promise === promise) loading = null;
      });
    loading = { version, promise };
    return promise;
  };
}
