/**
 * Starting points for a new key. A key starts read-only: an integration that needs more asks for it, one
 * permission at a time, and managing keys or members is never a default.
 */
export type KeyPreset = "read" | "readWrite" | "everything";

const ADMIN_ONLY = new Set(["apiKeys.write", "members.manage"]);

export const KEY_PRESETS: { id: KeyPreset; label: string }[] = [
  { id: "read", label: "Read only" },
  { id: "readWrite", label: "Read and write data" },
  { id: "everything", label: "Everything I may grant" },
];

export function presetPermissions(preset: KeyPreset, grantable: readonly string[]): string[] {
  if (preset === "everything") return [...grantable];
  if (preset === "readWrite") return grantable.filter((permission) => !ADMIN_ONLY.has(permission));
  return grantable.filter((permission) => permission.endsWith(".read"));
}

/**
 * Expiry choices in days; 0 is "never". A new key in the console expires in 90 days unless its creator chooses
 * otherwise: a forgotten key stops working by itself. (The API's own default, when `expiresAt` is omitted, stays
 * "never", as its contract says; the console sends the date.)
 */
export const DEFAULT_EXPIRY_DAYS = 90;

export const EXPIRY_CHOICES = [
  { days: 0, label: "Never" },
  { days: 7, label: "In 7 days" },
  { days: 30, label: "In 30 days" },
  { days: 90, label: "In 90 days" },
  { days: 365, label: "In a year" },
] as const;

export function expiryFrom(days: number, now = Date.now()): string | undefined {
  return days > 0 ? new Date(now + days * 86_400_000).toISOString() : undefined;
}
