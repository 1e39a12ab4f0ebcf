/**
 * The text that search over metadata and extracted values matches against: the name, the external id and every
 * value (table cells included), lower-cased, with a trigram index behind it.
 */
export function searchTextOf(name: string, externalId: string | null, data: Record<string, unknown>): string {
  const parts: string[] = [name, externalId ?? ""];
  const walk = (value: unknown) => {
    if (value === null || value === undefined) return;
    if (Array.isArray(value)) value.forEach(walk);
    else if (typeof value === "object") Object.values(value).forEach(walk);
    else parts.push(String(value));
  };
  walk(data);
  return parts.filter(Boolean).join(" ").toLowerCase().slice(0, 100_000);
}
