/**
 * Per-document caches: a value computed once for an owner object (a document's lines, one line) and a key, and
 * dropped with the owner. Label matching asks the same questions of a document for every concept and field.
 */
export function memoPerOwnerAndKey<O extends object, K, V>(): (owner: O, key: K, compute: () => V) => V {
  const cache = new WeakMap<O, Map<K, V>>();
  return (owner, key, compute) => {
    let byKey = cache.get(owner);
    if (!byKey) {
      byKey = new Map();
      cache.set(owner, byKey);
    }
    if (byKey.has(key)) return byKey.get(key) as V;
    const value = compute();
    byKey.set(key, value);
    return value;
  };
}

/** A value computed once per owner object. */
export function memoPerOwner<O extends object, V>(): (owner: O, compute: () => V) => V {
  const cache = new WeakMap<O, V>();
  return (owner, compute) => {
    if (cache.has(owner)) return cache.get(owner) as V;
    const value = compute();
    cache.set(owner, value);
    return value;
  };
}
