import { describe, expect, it } from "vitest";
import { refuseDeepJson } from "./json-depth-guard";

const post = (body: string) => new Request("http://x/mcp", { method: "POST", body, headers: { "content-type": "application/json" } });
const nested = (levels: number) => `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"arguments":{"x":${"[".repeat(levels)}${"]".repeat(levels)}}}}`;

describe("refuseDeepJson", () => {
  const echo = refuseDeepJson(async (request) => new Response(await request.text()));

  it("answers JSON past 64 levels with a JSON-RPC parse error, without calling the transport", async () => {
    for (const levels of [62, 8000]) {
      const response = await echo(post(nested(levels)));
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ jsonrpc: "2.0", id: null, error: { code: -32700, message: expect.stringContaining("nested deeper than 64 levels") } });
    }
  });

  it("hands a shallow request on with its body intact", async () => {
    const body = nested(61);
    const response = await echo(post(body));
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(body);
  });
});
