import { validationError } from "./errors";

/**
 * PostgreSQL text and jsonb cannot hold U+0000, so a NUL anywhere in a request would fail deep in a query as a
 * 500. No value of ours needs one: it is refused up front as a 400 that names where it was.
 */
export function findNulCharacter(value: unknown, path: string[] = []): string | null {
  if (typeof value === "string") return value.includes("\u0000") ? path.join(".") || "(value)" : null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findNulCharacter(item, [...path, String(index)]);
      if (found !== null) return found;
    }
    return null;
  }
  if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      const found = key.includes("\u0000") ? [...path, key].join(".") : findNulCharacter(item, [...path, key]);
      if (found !== null) return found;
    }
  }
  return null;
}

export function assertNoNulCharacter(value: unknown, where: string): void {
  const path = findNulCharacter(value);
  if (path !== null) throw validationError(`Invalid ${where}: ${path} contains a NUL character (U+0000), which text cannot hold`, [{ path, message: "contains a NUL character" }]);
}
