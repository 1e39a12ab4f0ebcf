import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { documentOperations } from "@/lib/contracts/documents";
import { parserOperations } from "@/lib/contracts/parsers";
import { ApiError, createApiClient } from "./client";

/** A real HTTP server standing where the API would: the client's requests and answers cross a socket. */
let server: Server;
let baseUrl: string;
const seen: { method: string; url: string; authorization: string | undefined }[] = [];

function record(request: IncomingMessage) {
  seen.push({ method: request.method ?? "", url: request.url ?? "", authorization: request.headers.authorization });
}

beforeAll(async () => {
  server = createServer((request, response) => {
    record(request);
    if (request.url?.endsWith("/markdown")) {
      response.writeHead(200, { "content-type": "text/markdown" });
      response.end("# Invoice\n\nTotal: 12.50");
    } else if (request.url?.startsWith("/api/v1/parsers/missing")) {
      response.writeHead(404, { "content-type": "application/json" });
      response.end(JSON.stringify({ error: true, message: "Parser not found", code: "NOT_FOUND" }));
    } else {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify({ id: "p1", name: "Invoices" }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("createApiClient", () => {
  const client = () => createApiClient({ baseUrl, token: "console-token" });

  it("fills the operation's path, sends the token and parses JSON", async () => {
    const parser = await client().call(parserOperations.get, { params: { parserId: "p1" } });
    expect(parser).toEqual({ id: "p1", name: "Invoices" });
    expect(seen.at(-1)).toEqual({ method: "GET", url: "/api/v1/parsers/p1", authorization: "Bearer console-token" });
  });

  it("raw() answers the Response itself for bodies that are not JSON", async () => {
    const response = await client().raw(documentOperations.markdown, { params: { parserId: "p1", documentId: "d1" } });
    expect(response.headers.get("content-type")).toBe("text/markdown");
    expect(await response.text()).toBe("# Invoice\n\nTotal: 12.50");
  });

  it("throws the API's error body as ApiError, from call() and raw() alike", async () => {
    for (const send of [() => client().call(parserOperations.get, { params: { parserId: "missing" } }), () => client().raw(parserOperations.get, { params: { parserId: "missing" } })]) {
      const error = await send().catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).status).toBe(404);
      expect((error as ApiError).message).toBe("Parser not found");
    }
  });
});
