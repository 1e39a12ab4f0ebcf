import { JSON_DEPTH_LIMIT, jsonNestsDeeperThan } from "@/lib/http/json-depth";

/**
 * The body of an MCP POST, read once here, within a limit that fits the largest file `upload_document` takes.
 *
 * A 100 MB file is 133.4 MB as base64, inside a JSON-RPC envelope: MCP_MAX_BODY_BYTES leaves 4 MB for the rest (the
 * other arguments, escapes). The body streams in and is kept only while under that limit; past it, the rest is read
 * and dropped (so the client gets the answer instead of a broken pipe) keeping only its first and last bytes, where
 * the JSON-RPC `id` and the tool's name are, and the answer is that call's tool error stating the limit. A file the
 * limit admits but the tool does not (100 MB < file ≤ ~103 MB) gets the tool's own error from its argument schema.
 */
export const MCP_MAX_FILE_BYTES = 100 * 1024 * 1024;
export const MCP_MAX_BODY_BYTES = Math.ceil(MCP_MAX_FILE_BYTES / 3) * 4 + 4 * 1024 * 1024;
/** Past this much, the rest of a body is not even drained: the connection is closed after the answer. */
const DRAIN_LIMIT_BYTES = 1024 * 1024 * 1024;
/** How much of each end of an over-limit body is kept to find the call's id and tool name. */
const EDGE_BYTES = 64 * 1024;

export const bodyLimitMessage = (tool: string | null) =>
  `${tool ? `${tool}: the` : "The"} request is larger than ${Math.floor(MCP_MAX_BODY_BYTES / (1024 * 1024))} MB, this server's limit for one MCP message: ` +
  `a file sent inline (base64) may be at most ${MCP_MAX_FILE_BYTES / (1024 * 1024)} MB. ` +
  "Split the document, or put it on a public URL and call upload_document_by_url.";

export type McpBody =
  | { kind: "parsed"; body: unknown }
  | { kind: "too-deep" }
  | { kind: "invalid-json" }
  | { kind: "too-large"; id: string | number | null; tool: string | null; drained: boolean };

type Edges = { head: Buffer; tail: Buffer; drained: boolean };

/** Reads and parses the body, or says why not; never holds more than MCP_MAX_BODY_BYTES of it. */
export async function readMcpBody(request: Request, maxBytes = MCP_MAX_BODY_BYTES): Promise<McpBody> {
  if (!request.body) return { kind: "invalid-json" };
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    received += value.byteLength;
    if (received > maxBytes) {
      const edges = await drain(reader, Buffer.concat([...chunks, value]), received);
      return { kind: "too-large", ...callOf(edges), drained: edges.drained };
    }
    chunks.push(value);
  }
  const text = Buffer.concat(chunks).toString("utf8");
  chunks.length = 0;
  if (jsonNestsDeeperThan(text)) return { kind: "too-deep" };
  try {
    return { kind: "parsed", body: JSON.parse(text) as unknown };
  } catch {
    return { kind: "invalid-json" };
  }
}

async function drain(reader: ReadableStreamDefaultReader<Uint8Array>, start: Buffer, received: number): Promise<Edges> {
  const head = start.subarray(0, EDGE_BYTES);
  let tail = start.subarray(-EDGE_BYTES);
  let total = received;
  while (total <= DRAIN_LIMIT_BYTES) {
    const { done, value } = await reader.read();
    if (done) return { head: Buffer.from(head), tail: Buffer.from(tail), drained: true };
    total += value.byteLength;
    tail = Buffer.concat([tail, value]).subarray(-EDGE_BYTES);
  }
  await reader.cancel().catch(() => undefined);
  return { head: Buffer.from(head), tail: Buffer.from(tail), drained: false };
}

/** The JSON-RPC id and tool name of a call whose body is too large to parse, from its ends (clients put them there). */
export function callOf({ head, tail }: { head: Buffer; tail: Buffer }): { id: string | number | null; tool: string | null } {
  const ends = [head.toString("utf8"), tail.toString("utf8")];
  let id: string | number | null = null;
  let tool: string | null = null;
  for (const text of ends) {
    // The envelope's id is a top-level member: the last one in the tail, the first in the head.
    const ids = [...text.matchAll(/"id"\s*:\s*("(?:[^"\\]|\\.){0,200}"|-?\d{1,16})/g)].map((match) => JSON.parse(match[1]!) as string | number);
    if (id === null && ids.length > 0) id = text === ends[1] ? ids.at(-1)! : ids[0]!;
    const name = /"name"\s*:\s*"([\w.-]{1,100})"/.exec(text);
    if (tool === null && name) tool = name[1]!;
  }
  return { id, tool };
}

/** What an over-limit call is answered with: a tool error when it was a tool call (it names the limit), else a JSON-RPC error. */
export function tooLargeResponse(body: Extract<McpBody, { kind: "too-large" }>): Response {
  const message = bodyLimitMessage(body.tool);
  const headers: Record<string, string> = body.drained ? {} : { connection: "close" };
  if (body.id !== null && body.tool !== null) {
    return Response.json({ jsonrpc: "2.0", id: body.id, result: { content: [{ type: "text", text: message }], isError: true } }, { headers });
  }
  return Response.json({ jsonrpc: "2.0", id: body.id, error: { code: -32000, message } }, { status: 413, headers });
}

export function tooDeepResponse(): Response {
  const error = { code: -32700, message: `Parse error: JSON nested deeper than ${JSON_DEPTH_LIMIT} levels of arrays and objects` };
  return Response.json({ jsonrpc: "2.0", error, id: null }, { status: 400 });
}
