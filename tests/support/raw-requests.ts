import { baseUrl, type ApiResponse } from "./http";
import type { RawVariant } from "./body-mutations";

/**
 * Requests the typed helpers cannot send: raw or streamed bodies, any Content-Type, and paths with broken
 * percent-encodings. Each is bounded in time, so a request the server never answers fails as a hang rather than
 * stalling the suite, and reports how long it took.
 */
export const HANG_MS = 15_000;

export type TimedResponse = ApiResponse<unknown> & { ms: number };

async function timed(path: string, init: RequestInit): Promise<TimedResponse> {
  const started = performance.now();
  try {
    const response = await fetch(`${baseUrl()}${path}`, { ...init, redirect: "manual", signal: AbortSignal.timeout(HANG_MS) });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, headers: response.headers, body, ms: performance.now() - started };
  } catch (error) {
    // A hang (the timeout) or a connection the server dropped: neither is an answer.
    return { status: 0, headers: new Headers(), body: String(error), ms: performance.now() - started };
  }
}

export function sendRaw(input: { path: string; method: string; key: string; variant: RawVariant }): Promise<TimedResponse> {
  const headers: Record<string, string> = { authorization: `Bearer ${input.key}` };
  if (input.variant.contentType) headers["content-type"] = input.variant.contentType;
  const body = typeof input.variant.body === "function" ? input.variant.body() : input.variant.body;
  return timed(input.path, { method: input.method, headers, body, duplex: "half" } as RequestInit);
}

export function sendPath(input: { path: string; method: string; key: string }): Promise<TimedResponse> {
  const body = ["POST", "PUT", "PATCH"].includes(input.method) ? "{}" : undefined;
  return timed(input.path, { method: input.method, headers: { authorization: `Bearer ${input.key}`, "content-type": "application/json" }, body });
}

/**
 * Percent-encodings no decoder accepts (`%ff%fe`, a truncated sequence, a lone `%`, an encoded lone surrogate),
 * and ones that decode to trouble (NUL, `../..`).
 */
export const BAD_PATH_SEGMENTS = ["%ff%fe", "%E0%A4%A", "%", "%ED%A0%80", "%00", "%2e%2e%2f%2e%2e"];

/** `/api/v1/…` with the last path parameter replaced by `segment`; null for a path without parameters. */
export function withBadSegment(filledPath: string, templatePath: string, segment: string): string | null {
  const params = [...templatePath.matchAll(/\{\w+\}/g)];
  if (params.length === 0) return null;
  const parts = filledPath.split("/");
  const templateParts = `/api/v1${templatePath}`.split("/");
  const index = templateParts.lastIndexOf(params.at(-1)![0]);
  parts[index] = segment;
  return parts.join("/");
}
