import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { createServer as createHttpsServer } from "node:https";
import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SafeFetchError, type SafeFetchErrorCode } from "./errors";
import type { SafeFetchLookup } from "./guarded-connector";
import { safeFetch, safeFetchStream, safeFetchToFile, type SafeFetchOptions } from "./safe-fetch";
import { TEST_TLS_CERT, TEST_TLS_KEY } from "./test-tls-fixture";

/**
 * Everything runs against real listeners on 127.0.0.1 and an injected resolver: no public DNS, no internet.
 * Each listener counts the TCP connections it accepted, so "refused" means "refused before any connection".
 */

type Listener = { server: Server; port: number; connections: number; requests: IncomingMessage[] };

async function listen(server: Server, host = "127.0.0.1", port = 0): Promise<Listener> {
  const listener: Listener = { server, port: 0, connections: 0, requests: [] };
  server.on("connection", () => {
    listener.connections += 1;
  });
  server.on("request", (request: IncomingMessage) => listener.requests.push(request));
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address();
  listener.port = typeof address === "object" && address ? address.port : 0;
  return listener;
}

const BOMB = gzipSync(Buffer.alloc(64 * 1024 * 1024)); // 64 MB of zeros, about 64 KB on the wire
const SMALL_GZIP = gzipSync(Buffer.from("hello, compressed world"));

let origin = "";
let httpsOrigin = "";

function handler(request: IncomingMessage, response: ServerResponse): void {
  const url = new URL(request.url ?? "/", "http://placeholder");
  const route = url.pathname;
  if (route === "/ok") {
    response.end("hello");
  } else if (route === "/echo") {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      response.setHeader("content-type", "application/json");
      response.end(JSON.stringify({ method: request.method, headers: request.headers, body: Buffer.concat(chunks).toString() }));
    });
  } else if (route === "/redirect") {
    response.statusCode = Number(url.searchParams.get("status") ?? "302");
    response.setHeader("location", url.searchParams.get("to") ?? "/ok");
    response.setHeader("set-cookie", "session=secret; Path=/");
    response.end();
  } else if (route.startsWith("/chain/")) {
    const left = Number(route.slice("/chain/".length));
    if (left === 0) {
      response.end("end of chain");
    } else {
      response.statusCode = 302;
      response.setHeader("location", `/chain/${left - 1}`);
      response.end();
    }
  } else if (route === "/declares-huge") {
    response.setHeader("content-length", String(10 * 1024 * 1024 * 1024));
    response.write("a little");
    // Never finishes: the client must give up on the header alone.
  } else if (route === "/chunked-forever") {
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    const pump = () => {
      while (!response.destroyed && response.write(chunk)) {
        /* fill the socket buffer */
      }
      if (!response.destroyed) response.once("drain", pump);
    };
    pump();
  } else if (route === "/gzip") {
    response.setHeader("content-encoding", "gzip");
    response.setHeader("content-length", String(SMALL_GZIP.length));
    response.end(SMALL_GZIP);
  } else if (route === "/bomb") {
    response.setHeader("content-encoding", "gzip");
    response.setHeader("content-length", String(BOMB.length));
    response.end(BOMB);
  } else if (route === "/drip") {
    response.setHeader("content-type", "text/plain");
    response.flushHeaders();
    const interval = setInterval(() => {
      if (response.destroyed) clearInterval(interval);
      else response.write("x");
    }, 1000);
    response.on("close", () => clearInterval(interval));
  } else if (route === "/silent") {
    // Accepts the request and never answers.
  } else {
    response.statusCode = 404;
    response.end("not found");
  }
}

let main: Listener;
let other: Listener;
let secure: Listener;
let lying: Listener;
/** The same port on ::1, so IPv6 forms that slipped through would be counted too (absent where IPv6 is off). */
let loopbackV6: Listener | undefined;

beforeAll(async () => {
  main = await listen(createHttpServer(handler));
  other = await listen(createHttpServer(handler));
  secure = await listen(createHttpsServer({ key: TEST_TLS_KEY, cert: TEST_TLS_CERT }, handler));
  // A server that lies in Content-Length must be written by hand: node:http refuses to send more than declared.
  lying = await listen(createHttpServer());
  lying.server.removeAllListeners("request");
  lying.server.removeAllListeners("connection");
  lying.server.on("connection", (socket) => {
    lying.connections += 1;
    socket.on("error", () => undefined); // the client hangs up on the excess; that is the point
    socket.once("data", (head: Buffer) => {
      const requestLine = head.toString("latin1");
      if (requestLine.startsWith("GET /short-body")) {
        // Declares 1 KB, sends 10 bytes and hangs up: the body is cut short.
        socket.write("HTTP/1.1 200 OK\r\nContent-Length: 1024\r\nConnection: close\r\n\r\n");
        socket.end(Buffer.alloc(10, 0x62));
        return;
      }
      // `/no-length`: no Content-Length at all, the body runs until the server closes (HTTP/1.0 style).
      const declared = requestLine.startsWith("GET /no-length") ? "" : "Content-Length: 5\r\n";
      socket.write(`HTTP/1.1 200 OK\r\n${declared}Connection: close\r\n\r\n`);
      socket.write(Buffer.alloc(2 * 1024 * 1024, 0x62));
      socket.end();
    });
  });
  loopbackV6 = await listen(createHttpServer(handler), "::1", main.port).catch(() => undefined);
  origin = `http://127.0.0.1:${main.port}`;
  httpsOrigin = `https://127.0.0.1:${secure.port}`;
});

afterAll(async () => {
  for (const listener of [main, other, secure, lying, loopbackV6]) {
    if (!listener) continue;
    listener.server.closeAllConnections();
    await new Promise((resolve) => listener.server.close(resolve));
  }
});

beforeEach(() => {
  for (const listener of [main, other, secure, lying, loopbackV6]) {
    if (!listener) continue;
    listener.connections = 0;
    listener.requests = [];
  }
});

/** A resolver for tests: fixed answers per name; anything else is "not found" so no test ever reaches real DNS. */
function stubLookup(table: Record<string, string[]>): SafeFetchLookup & { calls: string[] } {
  const calls: string[] = [];
  const lookup = async (hostname: string) => {
    calls.push(hostname);
    const answers = table[hostname];
    if (!answers) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
    return answers.map((address) => ({ address, family: address.includes(":") ? (6 as const) : (4 as const) }));
  };
  return Object.assign(lookup, { calls });
}

const noDns = stubLookup({});

/** Only the main listener is allowed, the way SAFE_FETCH_ALLOW lets a test reach its own server. */
function allowed(extra: SafeFetchOptions = {}): SafeFetchOptions {
  return { allow: [`127.0.0.1:${main.port}`, `127.0.0.1:${secure.port}`, `127.0.0.1:${lying.port}`], lookup: noDns, ca: TEST_TLS_CERT, ...extra };
}

async function refusal(promise: Promise<unknown>): Promise<SafeFetchError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(SafeFetchError);
    const failure = error as SafeFetchError;
    // Safe to show a client: no stack frames, no paths.
    expect(failure.message).not.toMatch(/\n\s+at |node:|\/work\//);
    return failure;
  }
  throw new Error("expected safeFetch to refuse");
}

async function expectRefused(promise: Promise<unknown>, code: SafeFetchErrorCode): Promise<SafeFetchError> {
  const failure = await refusal(promise);
  expect(failure.code).toBe(code);
  return failure;
}

function totalConnections(): number {
  return main.connections + other.connections + secure.connections + lying.connections + (loopbackV6?.connections ?? 0);
}

describe("safeFetch: the happy path", () => {
  it("fetches from an allow-listed listener and returns status, headers, final url and body", async () => {
    const response = await safeFetch(`${origin}/ok`, allowed());
    expect(response.status).toBe(200);
    expect(new TextDecoder().decode(response.body)).toBe("hello");
    expect(response.url).toBe(`${origin}/ok`);
    expect(response.headers.get("content-length")).toBe("5");
    expect(main.connections).toBe(1);
  });

  it("returns non-2xx answers as they are (callers decide)", async () => {
    const response = await safeFetch(`${origin}/missing`, allowed());
    expect(response.status).toBe(404);
  });

  it("sends a method, headers and a body, and never cookies or credentials", async () => {
    const response = await safeFetch(`${origin}/echo`, allowed({ method: "POST", headers: { "X-Test": "1" }, body: "payload" }));
    const echoed = JSON.parse(new TextDecoder().decode(response.body)) as { method: string; headers: Record<string, string>; body: string };
    expect(echoed).toMatchObject({ method: "POST", body: "payload", headers: { "x-test": "1" } });
    expect(echoed.headers.cookie).toBeUndefined();
    expect(echoed.headers.authorization).toBeUndefined();
  });

  it("refuses to send Authorization, Cookie or Host at all", async () => {
    await expect(safeFetch(`${origin}/ok`, allowed({ headers: { Authorization: "Bearer x" } }))).rejects.toThrow(TypeError);
    await expect(safeFetch(`${origin}/ok`, allowed({ headers: { cookie: "a=b" } }))).rejects.toThrow(TypeError);
    expect(main.connections).toBe(0);
  });

  it("decodes gzip and drops Content-Encoding from the result", async () => {
    const response = await safeFetch(`${origin}/gzip`, allowed());
    expect(new TextDecoder().decode(response.body)).toBe("hello, compressed world");
    expect(response.headers.get("content-encoding")).toBeNull();
  });

  it("fetches over https with a trusted CA", async () => {
    const response = await safeFetch(`${httpsOrigin}/ok`, allowed());
    expect(new TextDecoder().decode(response.body)).toBe("hello");
  });

  it("refuses an https server whose certificate is not trusted", async () => {
    const failure = await expectRefused(safeFetch(`${httpsOrigin}/ok`, allowed({ ca: undefined })), "NETWORK");
    expect(failure.message).toMatch(/certificate/);
  });

  it("streams, and hangs up when the reader stops early", async () => {
    const response = await safeFetchStream(`${origin}/chunked-forever`, allowed());
    for await (const chunk of response.body) {
      expect((chunk as Buffer).length).toBeGreaterThan(0);
      break; // destroys the stream
    }
    const open = () => new Promise<number>((resolve) => main.server.getConnections((_error, count) => resolve(count)));
    for (let attempt = 0; attempt < 50 && (await open()) > 0; attempt += 1) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await open()).toBe(0);
  });

  it("answers HEAD without a body", async () => {
    const response = await safeFetch(`${origin}/ok`, allowed({ method: "HEAD" }));
    expect(response.status).toBe(200);
    expect(response.body.length).toBe(0);
  });

  it("streams to a file", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "safe-fetch-"));
    try {
      const file = path.join(dir, "out.txt");
      const result = await safeFetchToFile(`${origin}/ok`, file, allowed());
      expect(result.bytes).toBe(5);
      expect(await readFile(file, "utf8")).toBe("hello");
      // A failed download leaves nothing behind.
      const partial = path.join(dir, "bomb.bin");
      await expectRefused(safeFetchToFile(`${origin}/bomb`, partial, allowed({ maxBytes: 1024 * 1024 })), "TOO_LARGE");
      await expect(stat(partial)).rejects.toThrow();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe("safeFetch: every blocked form of issue 10 is refused and the listener sees no connection", () => {
  // With the listener's port, so that a form that slipped through would be counted by the listener.
  const forms = [
    "127.1",
    "0",
    "0.0.0.0",
    "2130706433",
    "017700000001",
    "0x7f000001",
    "0x7f.0x0.0x0.0x1",
    "[::1]",
    "[::]",
    "[::ffff:127.0.0.1]",
    "[::ffff:7f00:1]",
    "10.0.0.1",
    "172.16.0.1",
    "192.168.1.1",
    "100.64.0.1",
    "[fe80::1]",
    "[fc00::1]",
    "localhost",
    "localhost.",
    "169.254.169.254",
    "[fd00:ec2::254]",
    "metadata.google.internal",
    "metadata.google.internal.",
    "100.100.100.200",
    "127.0.0.1",
  ];

  it.each(forms)("refuses http://%s", async (host) => {
    const failure = await expectRefused(safeFetch(`http://${host}:${main.port}/ok`, { allow: [], lookup: noDns }), "BLOCKED_ADDRESS");
    expect(failure.message).toMatch(/which is not allowed$/);
    expect(noDns.calls).not.toContain(host); // refused on the literal or the name, before asking DNS
    expect(totalConnections()).toBe(0);
  });

  it("says why in plain words", async () => {
    const failure = await refusal(safeFetch("http://10.0.0.1/", { allow: [], lookup: noDns }));
    expect(failure.message).toBe("The address points to a private network (10.0.0.1), which is not allowed");
    const metadata = await refusal(safeFetch("http://metadata.google.internal/", { allow: [], lookup: noDns }));
    expect(metadata.message).toBe("The host metadata.google.internal is a cloud metadata service, which is not allowed");
  });

  it("refuses names that resolve to private addresses", async () => {
    const lookup = stubLookup({
      "intranet.example": ["10.0.0.5"],
      "loop.example": ["127.0.0.1"],
      "mixed.example": ["93.184.216.34", "192.168.0.10"],
      "meta.example": ["169.254.169.254"],
      "v6.example": ["::1"],
    });
    const failure = await expectRefused(safeFetch("http://intranet.example/", { allow: [], lookup }), "BLOCKED_ADDRESS");
    expect(failure.message).toBe("The host intranet.example resolves to a private network (10.0.0.5), which is not allowed");
    await expectRefused(safeFetch(`http://loop.example:${main.port}/ok`, { allow: [], lookup }), "BLOCKED_ADDRESS");
    // One bad answer among good ones refuses the name: we would not know which one the OS picks.
    await expectRefused(safeFetch(`http://mixed.example:${main.port}/ok`, { allow: [], lookup }), "BLOCKED_ADDRESS");
    await expectRefused(safeFetch("http://meta.example/", { allow: [], lookup }), "BLOCKED_ADDRESS");
    await expectRefused(safeFetch(`http://v6.example:${main.port}/ok`, { allow: [], lookup }), "BLOCKED_ADDRESS");
    expect(totalConnections()).toBe(0);
  });

  it("refuses DNS rebinding: a public first answer, then a private one at connect time", async () => {
    const calls: string[] = [];
    // The first (preflight) answer is public and is never connected to; the second, at connect time, is the
    // listener. Without the connect-time check the listener would count a connection.
    const answers = ["93.184.216.34", "127.0.0.1"];
    const lookup: SafeFetchLookup = async (hostname) => {
      calls.push(hostname);
      const address = answers[Math.min(calls.length - 1, answers.length - 1)] ?? "127.0.0.1";
      return [{ address, family: 4 }];
    };
    const failure = await expectRefused(safeFetch(`http://rebind.example:${main.port}/ok`, { allow: [], lookup }), "BLOCKED_ADDRESS");
    expect(failure.message).toMatch(/rebind\.example resolves to the local machine \(127\.0\.0\.1\), which is not allowed/);
    expect(calls).toEqual(["rebind.example", "rebind.example"]);
    expect(totalConnections()).toBe(0);
  });

  it.each(["file:///etc/passwd", `ftp://127.0.0.1:PORT/`, `gopher://127.0.0.1:PORT/_GET`, "data:text/plain,hello", "javascript:alert(1)", "ws://127.0.0.1:PORT/"])(
    "refuses the scheme of %s before any I/O",
    async (url) => {
      await expectRefused(safeFetch(url.replace("PORT", String(main.port)), allowed()), "BLOCKED_SCHEME");
      expect(totalConnections()).toBe(0);
    },
  );

  it("refuses credentials in the URL, and the fragment trick", async () => {
    await expectRefused(safeFetch(`http://a.com@127.0.0.1:${main.port}/ok`, { allow: [], lookup: noDns }), "INVALID_URL");
    // Even on an allow-listed target, a user name is never sent.
    await expectRefused(safeFetch(`http://user:pass@127.0.0.1:${main.port}/ok`, allowed()), "INVALID_URL");
    await expectRefused(safeFetch(`http://127.0.0.1:${main.port}#@a.com`, { allow: [], lookup: noDns }), "BLOCKED_ADDRESS");
    expect(totalConnections()).toBe(0);
  });

  it("refuses what is not a URL", async () => {
    await expectRefused(safeFetch("not a url", { allow: [], lookup: noDns }), "INVALID_URL");
    await expectRefused(safeFetch("http://1.2.3.4.5/", { allow: [], lookup: noDns }), "INVALID_URL");
  });
});

describe("safeFetch: the allow-list", () => {
  it("lets exactly the listed host:port through and no other port", async () => {
    const only = { allow: [`127.0.0.1:${main.port}`], lookup: noDns };
    expect((await safeFetch(`http://127.0.0.1:${main.port}/ok`, only)).status).toBe(200);
    expect(main.connections).toBe(1);
    await expectRefused(safeFetch(`http://127.0.0.1:${other.port}/ok`, only), "BLOCKED_ADDRESS");
    expect(other.connections).toBe(0);
  });

  it("matches the host as written, not whatever else reaches the same address", async () => {
    const only = { allow: [`127.0.0.1:${main.port}`], lookup: stubLookup({ "alias.example": ["127.0.0.1"] }) };
    await expectRefused(safeFetch(`http://localhost:${main.port}/ok`, only), "BLOCKED_ADDRESS");
    await expectRefused(safeFetch(`http://alias.example:${main.port}/ok`, only), "BLOCKED_ADDRESS");
    await expectRefused(safeFetch(`http://[::ffff:127.0.0.1]:${main.port}/ok`, only), "BLOCKED_ADDRESS");
    expect(main.connections).toBe(0);
  });

  it("lets an allow-listed name through even though it resolves to loopback", async () => {
    const lookup = stubLookup({ "minio.internal": ["127.0.0.1"] });
    const response = await safeFetch(`http://minio.internal:${main.port}/ok`, { allow: [`minio.internal:${main.port}`], lookup });
    expect(response.status).toBe(200);
  });

  it("works for an allow-listed IPv6 literal", async ({ skip }) => {
    if (!loopbackV6) return skip("no IPv6 loopback here");
    const response = await safeFetch(`http://[::1]:${main.port}/ok`, { allow: [`[::1]:${main.port}`], lookup: noDns });
    expect(response.status).toBe(200);
    expect(loopbackV6.connections).toBe(1);
    expect(main.connections).toBe(0);
  });

  it("never lets cloud metadata through, even when listed", async () => {
    await expectRefused(safeFetch("http://169.254.169.254/", { allow: ["169.254.169.254:80"], lookup: noDns }), "BLOCKED_ADDRESS");
  });

  it("defaults to SAFE_FETCH_ALLOW, which is empty by default", async () => {
    await expectRefused(safeFetch(`${origin}/ok`, { lookup: noDns }), "BLOCKED_ADDRESS");
    expect(main.connections).toBe(0);
  });
});

describe("safeFetch: redirects", () => {
  const to = (target: string, status = 302) => `${origin}/redirect?status=${status}&to=${encodeURIComponent(target)}`;

  it("follows up to five, re-checking each hop", async () => {
    const response = await safeFetch(`${origin}/chain/5`, allowed());
    expect(new TextDecoder().decode(response.body)).toBe("end of chain");
    expect(response.url).toBe(`${origin}/chain/0`);
  });

  it("refuses a sixth", async () => {
    const failure = await expectRefused(safeFetch(`${origin}/chain/6`, allowed()), "TOO_MANY_REDIRECTS");
    expect(failure.message).toBe("The server redirected more than 5 times");
    expect(main.requests.map((request) => request.url)).not.toContain("/chain/0");
  });

  it("follows none when maxRedirects is 0 (webhooks)", async () => {
    await expectRefused(safeFetch(`${origin}/chain/1`, allowed({ maxRedirects: 0 })), "TOO_MANY_REDIRECTS");
    expect(main.requests).toHaveLength(1);
  });

  it.each(["http://10.0.0.1/", "http://169.254.169.254/latest/meta-data/", "http://[::1]/", "http://localhost/"])(
    "refuses a redirect to %s",
    async (target) => {
      await expectRefused(safeFetch(to(target), allowed()), "BLOCKED_ADDRESS");
    },
  );

  it("refuses a redirect to a loopback port that is not allow-listed, without connecting to it", async () => {
    await expectRefused(safeFetch(to(`http://127.0.0.1:${other.port}/ok`), allowed()), "BLOCKED_ADDRESS");
    expect(other.connections).toBe(0);
  });

  it("refuses a redirect to a name that resolves privately", async () => {
    const lookup = stubLookup({ "internal.example": ["192.168.1.1"] });
    await expectRefused(safeFetch(to("http://internal.example/"), allowed({ lookup })), "BLOCKED_ADDRESS");
  });

  it("refuses a redirect to another scheme", async () => {
    await expectRefused(safeFetch(to("file:///etc/passwd"), allowed()), "BLOCKED_SCHEME");
  });

  it("refuses https → http", async () => {
    const url = `${httpsOrigin}/redirect?to=${encodeURIComponent(`${origin}/ok`)}`;
    const failure = await expectRefused(safeFetch(url, allowed()), "INSECURE_REDIRECT");
    expect(failure.message).toBe("The server redirected from https to plain http, which is not allowed");
    expect(main.connections).toBe(0);
  });

  it("keeps no cookie across hops and hands none back", async () => {
    const response = await safeFetch(to(`${origin}/echo`), allowed());
    const echoed = JSON.parse(new TextDecoder().decode(response.body)) as { headers: Record<string, string> };
    expect(echoed.headers.cookie).toBeUndefined();
    expect(response.headers.get("set-cookie")).toBeNull();
  });

  it("turns a POST into a GET without body on 303, and keeps it on 307", async () => {
    const seeOther = await safeFetch(to(`${origin}/echo`, 303), allowed({ method: "POST", body: "data" }));
    expect(JSON.parse(new TextDecoder().decode(seeOther.body))).toMatchObject({ method: "GET", body: "" });
    const temporary = await safeFetch(to(`${origin}/echo`, 307), allowed({ method: "POST", body: "data" }));
    expect(JSON.parse(new TextDecoder().decode(temporary.body))).toMatchObject({ method: "POST", body: "data" });
  });
});

describe("safeFetch: size and time limits", () => {
  it("refuses early when Content-Length already exceeds the limit", async () => {
    const failure = await expectRefused(safeFetch(`${origin}/declares-huge`, allowed({ maxBytes: 1024 })), "TOO_LARGE");
    expect(failure.message).toBe("The response is larger than 1 KB, the most that can be fetched");
  });

  it("does not read past a lying Content-Length", async () => {
    // Declares 5 bytes and sends 2 MB: the client reads what was declared, never the 2 MB behind it.
    const response = await safeFetch(`http://127.0.0.1:${lying.port}/`, allowed({ maxBytes: 1024 }));
    expect(new TextDecoder().decode(response.body)).toBe("bbbbb");
  });

  it("reports a body cut short of its Content-Length as an incomplete response", async () => {
    const failure = await expectRefused(safeFetch(`http://127.0.0.1:${lying.port}/short-body`, allowed()), "NETWORK");
    expect(failure.message).toBe(`The connection to 127.0.0.1:${lying.port} closed before the response was complete`);
  });

  it("stops a body without Content-Length that runs past the limit", async () => {
    await expectRefused(safeFetch(`http://127.0.0.1:${lying.port}/no-length`, allowed({ maxBytes: 1024 })), "TOO_LARGE");
  });

  it("stops an oversized chunked body at the limit", async () => {
    const failure = await expectRefused(safeFetch(`${origin}/chunked-forever`, allowed({ maxBytes: 256 * 1024 })), "TOO_LARGE");
    expect(failure.message).toMatch(/larger than 256 KB/);
  });

  it("stops a gzip bomb at the limit after decompression", async () => {
    const before = process.memoryUsage().arrayBuffers;
    await expectRefused(safeFetch(`${origin}/bomb`, allowed({ maxBytes: 1024 * 1024 })), "TOO_LARGE");
    // Far less than the 64 MB the bomb would expand to.
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(32 * 1024 * 1024);
  });

  it("gives up on a 1 byte/s drip at the time limit", async () => {
    const started = Date.now();
    const failure = await expectRefused(safeFetch(`${origin}/drip`, allowed({ timeoutMs: 1500 })), "TIMEOUT");
    expect(failure.message).toBe("The download did not finish within 1500 ms");
    expect(Date.now() - started).toBeLessThan(4000);
  });

  it("gives up on a server that never answers", async () => {
    await expectRefused(safeFetch(`${origin}/silent`, allowed({ timeoutMs: 500 })), "TIMEOUT");
  });

  it("counts a resolver that never answers against the time limit", async () => {
    const hanging: SafeFetchLookup = () => new Promise(() => undefined);
    await expectRefused(safeFetch("http://slow-dns.example/", { allow: [], lookup: hanging, timeoutMs: 300 }), "TIMEOUT");
  });

  it("rejects nonsensical limits as caller bugs", async () => {
    await expect(safeFetch(`${origin}/ok`, allowed({ maxBytes: -1 }))).rejects.toThrow(TypeError);
    await expect(safeFetch(`${origin}/ok`, allowed({ maxRedirects: Number.NaN }))).rejects.toThrow(TypeError);
    expect(main.connections).toBe(0);
  });

  it("reports a refused connection as a network error", async () => {
    const closed = await listen(createHttpServer());
    const port = closed.port;
    await new Promise((resolve) => closed.server.close(resolve));
    const failure = await expectRefused(safeFetch(`http://127.0.0.1:${port}/`, { allow: [`127.0.0.1:${port}`], lookup: noDns }), "NETWORK");
    expect(failure.message).toBe(`The server 127.0.0.1:${port} refused the connection`);
  });
});
