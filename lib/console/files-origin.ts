import "server-only";
import { env } from "@/lib/env";

/** The separate origin stored files are served from (FILES_BASE_URL), or null when they share the console's. */
export function separateFilesOrigin(): string | null {
  const config = env();
  return config.filesBaseUrl === config.publicBaseUrl ? null : new URL(config.filesBaseUrl).origin;
}
