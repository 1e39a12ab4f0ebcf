import { describe, expect, it } from "vitest";
import { callOf, MCP_MAX_BODY_BYTES, readMcpBody, tooLargeResponse } from "./request-body";

const post = (body: BodyInit) => new Request("http://x/mcp", { method: "POST", body, headers: { "content-type": "application/json" }, duplex: "half" } as RequestInit);
const nested = (levels: number) => `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"arguments":{"x":${"[".repeat(levels)}${"]".repeat(levels)}}}}`;

/** A body streamed in 1 MB chunks, never whole in memory. */
function streamed(parts: { head: string; fillBytes: number; tail: string }): ReadableStream<Uint8Array> {
  const chunk = new Uint8Array(1024 * 1024).fill(0x41);
  let left = parts.fillBytes;
  let stage = 0;
  return new ReadableStream({
    pull(controller) {
      if (stage === 0) {
        controller.enqueue(new TextEncoder().encode(parts.head));
        stage = 1;
      } else if (left > 0) {
        controller.enqueue(chunk.subarray(0, Math.min(left, chunk.length)));
        left -= chunk.length;
      } else if (stage === 1) {
        controller.enqueue(new TextEncoder().encode(parts.tail));
        stage = 2;
      } else controller.close();
    },
  });
}

describe("readMcpBody", () => {
  it("parses a body within the limit, large ones included", async () => {
    const body = await readMcpBody(post(streamed({ head: '{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"upload_document","arguments":{"contentBase64":"', fillBytes: 20 * 1024 * 1024, tail: '"}}}' })));
    expect(body.kind).toBe("parsed");
    expect((body as { body: { params: { arguments: { contentBase64: string } } } }).body.params.arguments.contentBase64).toHaveLength(20 * 1024 * 1024);
  });

  it("refuses JSON nested past 64 levels, and keeps a shallow body intact", async () => {
    expect((await readMcpBody(post(nested(62)))).kind).toBe("too-deep");
    expect((await readMcpBody(post(nested(8000)))).kind).toBe("too-deep");
    expect(await readMcpBody(post(nested(61)))).toEqual({ kind: "parsed", body: JSON.parse(nested(61)) });
    expect((await readMcpBody(post("{not json"))).kind).toBe("invalid-json");
  });

  it("reads an over-limit call to its end without keeping it, and answers with the call's tool error naming the limit", async () => {
    // The official client puts method and params first and the id last.
    const over = streamed({ head: '{"method":"tools/call","params":{"name":"upload_document","arguments":{"fileName":"big.pdf","contentBase64":"', fillBytes: MCP_MAX_BODY_BYTES, tail: '"}},"jsonrpc":"2.0","id":42}' });
    const body = await readMcpBody(post(over));
    expect(body).toEqual({ kind: "too-large", id: 42, tool: "upload_document", drained: true });
    const response = tooLargeResponse(body as Extract<typeof body, { kind: "too-large" }>);
    expect(response.status).toBe(200);
    const answer = (await response.json()) as { id: number; result: { isError: boolean; content: { text: string }[] } };
    expect(answer.id).toBe(42);
    expect(answer.result.isError).toBe(true);
    expect(answer.result.content[0]!.text).toMatch(/upload_document: the request is larger than 137 MB.*at most 100 MB.*upload_document_by_url/);
  });

  it("finds the id at either end, and answers a non-tool message with a JSON-RPC error", () => {
    expect(callOf({ head: Buffer.from('{"jsonrpc":"2.0","id":"a-1","method":"tools/call","params":{"name":"upload_document"'), tail: Buffer.from('AAAA"}}}') })).toEqual({ id: "a-1", tool: "upload_document" });
    expect(callOf({ head: Buffer.from('{"method":"ping","params":{"x":"'), tail: Buffer.from('AAA"},"id":3}') })).toEqual({ id: 3, tool: null });
    const response = tooLargeResponse({ kind: "too-large", id: 3, tool: null, drained: true });
    expect(response.status).toBe(413);
  });
});
