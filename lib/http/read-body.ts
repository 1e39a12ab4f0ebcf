import { AppError, validationError } from "@/lib/services/errors";
import { jsonNestsDeeperThan, tooDeepMessage } from "./json-depth";

export const JSON_BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * A body past the limit is refused, but the client is still sending it. Answering at once and closing the connection
 * races the client's upload: it may fail writing the rest before it reads the 413 ("fetch failed" instead of an
 * answer). So the rest is read and dropped up to DRAIN_LIMIT_BYTES, and the 413 goes out on a connection that can carry
 * the next request; a body larger still is cut off unread, and `Connection: close` ends the connection after the answer
 * (a client then opens a fresh one instead of reusing a socket with the unread rest on it). Next's middleware pass used
 * to read every body whole; /api/ requests skip it now.
 */
const DRAIN_LIMIT_BYTES = 8 * 1024 * 1024;

/** A 413; "close" when the rest of the body stays unread on the connection (see above). */
export const payloadTooLarge = (message: string, connection: "keep-alive" | "close") =>
  new AppError("PAYLOAD_TOO_LARGE", message, connection === "close" ? { headers: { Connection: "close" } } : undefined);

const tooLarge = (limit: number, connection: "keep-alive" | "close") => payloadTooLarge(`Request body is larger than ${Math.floor(limit / 1024)} KB`, connection);

async function refuseAfterDraining(reader: ReadableStreamDefaultReader<Uint8Array>, limit: number, alreadyRead: number): Promise<never> {
  let read = alreadyRead;
  while (read <= DRAIN_LIMIT_BYTES) {
    const { done, value } = await reader.read();
    if (done) throw tooLarge(limit, "keep-alive");
    read += value.byteLength;
  }
  await reader.cancel();
  throw tooLarge(limit, "close");
}

/**
 * Reads a JSON body without trusting Content-Length: the stream is cut off past the limit. An empty body
 * reads as `{}`, so operations whose keys are all optional accept a bodyless POST. A body nested deeper than
 * JSON_DEPTH_LIMIT is a 400 before it is parsed.
 */
export async function readJsonBody(request: Request, limit = JSON_BODY_LIMIT_BYTES): Promise<unknown> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > limit && (declared > DRAIN_LIMIT_BYTES || !request.body)) throw tooLarge(limit, "close");
  if (!request.body) return {};
  const reader = request.body.getReader();
  if (declared > limit) return refuseAfterDraining(reader, limit, 0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) return refuseAfterDraining(reader, limit, size);
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
