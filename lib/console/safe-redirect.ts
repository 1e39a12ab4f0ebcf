/** Only same-site paths: "/x" yes, "//evil.test" or "https://…" no, so sign-in cannot be an open redirect. */
export function safeRedirectPath(value: unknown, fallback = "/"): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  return value;
}
