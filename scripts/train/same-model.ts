/**
 * Whether a freshly trained model file is the committed one: every key compared, except what records when, where and
 * how long it was trained (`trainedOn` carries the date and the CPU, `report.seconds` the time taken).
 */
const VOLATILE = new Set(["trainedOn", "seconds"]);

/** The paths (`fields.total_amount.trees[3]`) where the two parsed files differ; empty when they are the same model. */
export function modelDifferences(committed: unknown, trained: unknown, at = ""): string[] {
  if (Array.isArray(committed) && Array.isArray(trained)) {
    if (committed.length !== trained.length) return [`${at} (${committed.length} → ${trained.length} items)`];
    return committed.flatMap((item, i) => modelDifferences(item, trained[i], `${at}[${i}]`));
  }
  if (isRecord(committed) && isRecord(trained)) {
    const keys = [...new Set([...Object.keys(committed), ...Object.keys(trained)])].filter((key) => !VOLATILE.has(key));
    return keys.flatMap((key) => modelDifferences(committed[key], trained[key], at ? `${at}.${key}` : key));
  }
  return Object.is(committed, trained) ? [] : [at || "(root)"];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
