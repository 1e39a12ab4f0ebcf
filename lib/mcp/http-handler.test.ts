import { z } from "zod";
import { describe, expect, it } from "vitest";
import { streamableMcpHandler } from "./http-handler";

/** The transport with one tool, called as a client does: large arguments pass, over-limit ones are a tool error. */
const handler = streamableMcpHandler({
  serverInfo: { name: "test", version: "1" },
  register: (server) =>
    server.registerTool("measure", { description: "Length of a text", inputSchema: z.object({ text: z.string() }) }, async ({ text }) => ({ content: [{ type: "text", text: String(text.length) }] })),
});

const call = (body: string) =>
  handler(new Request("http://x/mcp", { method: "POST", body, headers: { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": "2025-06-18" } }));

/** The JSON-RPC answer, whether sent as JSON or as one SSE event. */
async function answer(response: Response): Promise<{ id: number; result?: { isError?: boolean; content: { text: string }[] }; error?: { message: string } }> {
  const text = await response.text();
  const data = text.startsWith("{") ? text : (/^data: (.*)$/m.exec(text)?.[1] ?? text);
  return JSON.parse(data);
}

describe("the MCP transport", () => {
  it("takes a 20 MB argument, past the SDK's default 4 MB limit", async () => {
    const text = "A".repeat(20 * 1024 * 1024);
    const response = await call(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "measure", arguments: { text } } }));
    const body = await answer(response);
    expect(body.error).toBeUndefined();
    expect(body.result?.content[0]?.text).toBe(String(text.length));
  });

  it("answers a call over the body limit with that call's tool error naming the limit", async () => {
    const text = "A".repeat(140 * 1024 * 1024);
    const response = await call(`{"method":"tools/call","params":{"name":"measure","arguments":{"text":"${text}"}},"jsonrpc":"2.0","id":9}`);
    const body = await answer(response);
    expect(body.id).toBe(9);
    expect(body.result?.isError).toBe(true);
    expect(body.result?.content[0]?.text).toContain("at most 100 MB");
  }, 30_000);
});
