import { AppError } from "@/lib/services/errors";

/**
 * The mapper from the services' typed errors (lib/services/errors.ts) to HTTP: the spec's error body with its
 * status, and a generic 500 for anything unknown.
 */
export function errorResponse(error: AppError, headers: HeadersInit = {}): Response {
  const merged = new Headers(headers);
  for (const [key, value] of Object.entries(error.extra.headers ?? {})) merged.set(key, value);
  return Response.json(error.toBody(), { status: error.status, headers: merged });
}

/** Unknown failures: a generic 500 for the client, the details for the log (never the request's secrets). */
export function toAppError(error: unknown, log: (message: string, detail: unknown) => void): AppError {
  if (error instanceof AppError) return error;
  log("unhandled error", loggableError(error));
  return new AppError("INTERNAL", "Internal server error");
}

/**
 * A failed database query's error (drizzle's DrizzleQueryError, recognised by shape so this file stays free of
 * the ORM) spells out the bound parameters in its message and stack: names, extracted values, URLs, the caller's
 * data. For the log it keeps the SQL, the stack frames and the database's own cause, and drops the parameters.
 */
export function loggableError(error: unknown): unknown {
  if (!(error instanceof Error) || !("query" in error) || !("params" in error) || typeof error.query !== "string") return error;
  const safe = new Error(`Failed query: ${error.query}`, { cause: error.cause });
  safe.name = error.name;
  const frames = (error.stack ?? "").split("\n").filter((line) => line.trimStart().startsWith("at "));
  safe.stack = [`${safe.name}: ${safe.message}`, ...frames].join("\n");
  return safe;
}
