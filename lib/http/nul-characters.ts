import { validationError } from "@/lib/services/errors";

/**
 * PostgreSQL text and jsonb cannot hold U+0000, nor a lone UTF-16 surrogate (JSON's `"\ud800"`, which is no
 * character at all), so either anywhere in a request would fail deep in a query as a 500. No value of ours needs
 * one: it is refused up front as a 400 that names where it was.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** What is wrong with `text` for storage (what it contains, and why that is refused), or null. */
function badText(text: string): { what: string; why: string } | null {
  if (text.includes("\u0000")) return { what: "a NUL character", why: "(U+0000), which text cannot hold" };
  if (LONE_SURROGATE.test(text)) return { what: "a lone surrogate", why: "(U+D800 to U+DFFF), which is not text" };
  return null;
}

/** A place in the value: its key and the place that holds it, so a path is built only when something is found. */
type Place = { key: string; parent: Place | null };

function pathOf(place: Place | null): string {
  const keys: string[] = [];
  for (let at = place; at; at = at.parent) keys.push(at.key);
  return keys.reverse().join(".") || "(value)";
}

type Found = { path: string; problem: { what: string; why: string } };

/**
 * The path of the first NUL or lone surrogate in a string or a key, in document order, and which it is. An
 * explicit stack rather than recursion, so no nesting overflows it (read-body.ts refuses deep JSON anyway; this
 * holds for any caller's value).
 */
export function findBadText(value: unknown): Found | null {
  const stack: { value: unknown; place: Place | null }[] = [{ value, place: null }];
  while (stack.length > 0) {
    const { value: current, place } = stack.pop()!;
    // An array index is always good text, so this only ever finds an object's key.
    const inKey = place ? badText(place.key) : null;
    if (inKey) return { path: pathOf(place), problem: inKey };
    if (typeof current === "string") {
      const problem = badText(current);
      if (problem) return { path: pathOf(place), problem };
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

/** The path of the first NUL or lone surrogate, or null. */
export function findNulCharacter(value: unknown): string | null {
  return findBadText(value)?.path ?? null;
}

/** Refuses a NUL or a lone surrogate anywhere in `value` (keys included) as a 400 that names where. */
export function assertNoNulCharacter(value: unknown, where: string): void {
  const found = findBadText(value);
  if (!found) return;
  const { path, problem } = found;
  throw validationError(`Invalid ${where}: ${path} contains ${problem.what} ${problem.why}`, [{ path, message: `contains ${problem.what}` }]);
}
