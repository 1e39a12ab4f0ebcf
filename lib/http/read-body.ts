import { AppError, validationError } from "@/lib/services/errors";
import { jsonNestsDeeperThan, tooDeepMessage } from "./json-depth";

export const JSON_BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * The rest of a body past the limit is never read, so the connection cannot carry another request: `Connection:
 * close` ends it after the answer, and the client opens a fresh one for its next request instead of reusing a socket
 * with the unread body on it (it used to be read whole by Next's middleware pass, which /api/ requests skip now).
 */
const tooLarge = (limit: number) =>
  new AppError("PAYLOAD_TOO_LARGE", `Request body is larger than ${Math.floor(limit / 1024)} KB`, { headers: { Connection: "close" } });

/**
 * Reads a JSON body without trusting Content-Length: the stream is cut off past the limit. An empty body
 * reads as `{}`, so operations whose keys are all optional accept a bodyless POST. A body nested deeper than
 * JSON_DEPTH_LIMIT is a 400 before it is parsed.
 */
export async function readJsonBody(request: Request, limit = JSON_BODY_LIMIT_BYTES): Promise<unknown> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > limit) throw tooLarge(limit);
  if (!request.body) return {};
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw tooLarge(limit);
    }
    chunks.push(value);
  }
  const text = Buffer.concat(chunks).toString("utf8").trim();
  if (!text) return {};
  // Before JSON.parse and every walk after it: see json-depth.ts.
  if (jsonNestsDeeperThan(text)) throw validationError(tooDeepMessage("request body"));
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw validationError("Malformed JSON body: the request body must be valid JSON.");
  }
}
