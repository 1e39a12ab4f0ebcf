import { validationError } from "./errors";

/**
 * PostgreSQL text and jsonb cannot hold U+0000, so a NUL anywhere in a request would fail deep in a query as a
 * 500. No value of ours needs one: it is refused up front as a 400 that names where it was.
 */

/** A place in the value: its key and the place that holds it, so a path is built only when a NUL is found. */
type Place = { key: string; parent: Place | null };

function pathOf(place: Place | null): string {
  const keys: string[] = [];
  for (let at = place; at; at = at.parent) keys.push(at.key);
  return keys.reverse().join(".") || "(value)";
}

/**
 * The path of the first NUL in a string or a key, in document order. An explicit stack rather than recursion, so
 * no nesting overflows it (read-body.ts refuses deep JSON anyway; this holds for any caller's value).
 */
export function findNulCharacter(value: unknown): string | null {
  const stack: { value: unknown; place: Place | null }[] = [{ value, place: null }];
  while (stack.length > 0) {
    const { value: current, place } = stack.pop()!;
    // An array index never holds a NUL, so this only ever finds an object's key.
    if (place?.key.includes("\u0000")) return pathOf(place);
    if (typeof current === "string") {
      if (current.includes("\u0000")) return pathOf(place);
      continue;
    }
    if (!current || typeof current !== "object") continue;
    const entries = Array.isArray(current) ? current.map((item: unknown, index) => [String(index), item] as const) : Object.entries(current);
    // Pushed last-first, so the first entry is looked at first.
    for (let index = entries.length - 1; index >= 0; index--) {
      const [key, item] = entries[index]!;
      stack.push({ value: item, place: { key, parent: place } });
    }
  }
  return null;
}

export function assertNoNulCharacter(value: unknown, where: string): void {
  const path = findNulCharacter(value);
  if (path !== null) throw validationError(`Invalid ${where}: ${path} contains a NUL character (U+0000), which text cannot hold`, [{ path, message: "contains a NUL character" }]);
}
