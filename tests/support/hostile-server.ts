import http from "node:http";
import https from "node:https";
import net from "node:net";
import { gzipSync } from "node:zlib";
import { TEST_TLS_CERT, TEST_TLS_KEY } from "../../lib/net/test-tls-fixture";

/**
 * Test listeners for the SSRF suite.
 *
 * `startCountingListener` is a loopback server that is NOT in SAFE_FETCH_ALLOW: it counts every TCP connection it
 * accepts, on 127.0.0.1 and on ::1 at the same port (where IPv6 exists), so "refused" can be checked as "no
 * connection ever arrived", not merely "an error came back".
 *
 * `startHostileServer` serves what a hostile but allow-listed origin would: redirect chains, redirects to private
 * targets, a lying Content-Length, an endless chunked body, a gzip bomb, a drip. It speaks plain HTTP and TLS on the
 * same port (the first byte of a connection tells them apart), so an https URL can redirect to plain http on the
 * one allow-listed port and the plain-http hits can be counted. The server process trusts the TLS fixture's
 * certificate through NODE_EXTRA_CA_CERTS (global setup).
 */

export type CountingListener = { port: number; connections: () => number; reset: () => void; close: () => Promise<void> };

export async function startCountingListener(): Promise<CountingListener> {
  let connections = 0;
  const servers: http.Server[] = [];
  const make = () => {
    const server = http.createServer((_request, response) => response.end("you should never see this"));
    server.on("connection", () => (connections += 1));
    servers.push(server);
    return server;
  };
  const first = make();
  await new Promise<void>((resolve) => first.listen(0, "127.0.0.1", resolve));
  const port = (first.address() as net.AddressInfo).port;
  // The same port on ::1 catches IPv6 forms ([::1], [::]) that slipped through; absent where IPv6 loopback is off.
  const second = make();
  await new Promise<void>((resolve) => {
    second.once("error", () => {
      servers.pop();
      resolve();
    });
    second.listen(port, "::1", () => resolve());
  });
  return {
    port,
    connections: () => connections,
    reset: () => (connections = 0),
    close: async () => {
      for (const server of servers) {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      }
    },
  };
}

export type HostileServer = {
  port: number;
  httpOrigin: string;
  httpsOrigin: string;
  /** Paths requested over plain http (not TLS), in order. */
  plainRequests: string[];
  /** Paths requested over either protocol, in order. */
  requests: string[];
  close: () => Promise<void>;
};

/** Decompresses to more than the product's 100 MB limit; about 130 KB on the wire. Built on first use. */
let bomb: Buffer | undefined;
function gzipBomb(): Buffer {
  bomb ??= gzipSync(Buffer.alloc(128 * 1024 * 1024), { level: 9 });
  return bomb;
}

export async function startHostileServer(options: { port: number; pdf: Uint8Array }): Promise<HostileServer> {
  const pdf = Buffer.from(options.pdf);
  const plainRequests: string[] = [];
  const requests: string[] = [];
  const open = new Set<net.Socket>();
  const timers = new Set<NodeJS.Timeout>();

  const handler = (secure: boolean) => (request: http.IncomingMessage, response: http.ServerResponse) => {
    const url = new URL(request.url ?? "/", "http://placeholder");
    requests.push(url.pathname);
    if (!secure) plainRequests.push(url.pathname);
    const route = url.pathname;
    if (route === "/invoice.pdf") {
      response.writeHead(200, { "content-type": "application/pdf", "content-length": pdf.byteLength });
      response.end(pdf);
    } else if (route === "/redirect") {
      response.writeHead(302, { location: url.searchParams.get("to") ?? "/invoice.pdf" });
      response.end();
    } else if (route.startsWith("/chain/")) {
      // /chain/N redirects N times, then serves the PDF.
      const left = Number(route.slice("/chain/".length));
      if (left <= 0) {
        response.writeHead(200, { "content-type": "application/pdf", "content-disposition": 'attachment; filename="end-of-chain.pdf"' });
        response.end(pdf);
      } else {
        response.writeHead(302, { location: `/chain/${left - 1}` });
        response.end();
      }
    } else if (route === "/declares-huge") {
      // Declares 10 GB and sends a little: refused on the header alone.
      response.writeHead(200, { "content-type": "application/pdf", "content-length": String(10 * 1024 ** 3) });
      response.write(pdf.subarray(0, 100));
    } else if (route === "/lying-short" || route === "/lying-long") {
      // node:http will not send a body that disagrees with Content-Length, so these are written on the raw socket.
      const socket = response.socket!;
      socket.on("error", () => undefined);
      if (route === "/lying-short") {
        // Declares 5 bytes, then sends 2 MB: a client must read the 5 and stop.
        socket.write("HTTP/1.1 200 OK\r\nContent-Type: application/pdf\r\nContent-Length: 5\r\nConnection: close\r\n\r\n");
        socket.write(Buffer.concat([pdf, Buffer.alloc(2 * 1024 * 1024, 0x62)]));
      } else {
        // Declares the whole PDF, sends half of it and hangs up: a truncated file must not be stored.
        socket.write(`HTTP/1.1 200 OK\r\nContent-Type: application/pdf\r\nContent-Length: ${pdf.byteLength}\r\nConnection: close\r\n\r\n`);
        socket.write(pdf.subarray(0, Math.floor(pdf.byteLength / 2)));
      }
      socket.end();
    } else if (route === "/chunked-forever") {
      response.writeHead(200, { "content-type": "application/pdf" });
      const chunk = Buffer.alloc(256 * 1024, 0x61);
      const pump = () => {
        while (!response.destroyed && response.write(chunk)) {
          // fill the socket buffer, then wait for it to drain
        }
        if (!response.destroyed) response.once("drain", pump);
      };
      pump();
    } else if (route === "/bomb") {
      const body = gzipBomb();
      response.writeHead(200, { "content-type": "application/pdf", "content-encoding": "gzip", "content-length": body.byteLength });
      response.end(body);
    } else if (route === "/drip") {
      // A status at once, then one byte a second for ever.
      response.writeHead(200, { "content-type": "text/plain" });
      const timer = setInterval(() => {
        if (response.destroyed) clearInterval(timer);
        else response.write("x");
      }, 1000);
      timers.add(timer);
      response.on("close", () => {
        clearInterval(timer);
        timers.delete(timer);
      });
    } else {
      // Webhook deliveries left over from other files may still arrive here; answer them plainly.
      response.writeHead(404, { "content-type": "text/plain" });
      response.end("not here");
    }
  };

  const plain = http.createServer(handler(false));
  const secure = https.createServer({ key: TEST_TLS_KEY, cert: TEST_TLS_CERT }, handler(true));
  const front = net.createServer((socket) => {
    open.add(socket);
    socket.on("close", () => open.delete(socket));
    socket.on("error", () => undefined);
    socket.once("readable", () => {
      const head = socket.read(1) as Buffer | null;
      if (!head) return;
      socket.unshift(head);
      // 0x16 opens a TLS handshake record; anything else is taken for plain HTTP.
      (head[0] === 0x16 ? secure : plain).emit("connection", socket);
    });
  });
  await new Promise<void>((resolve, reject) => {
    front.once("error", reject);
    front.listen(options.port, "127.0.0.1", () => resolve());
  });
  return {
    port: options.port,
    httpOrigin: `http://127.0.0.1:${options.port}`,
    httpsOrigin: `https://127.0.0.1:${options.port}`,
    plainRequests,
    requests,
    close: async () => {
      for (const timer of timers) clearInterval(timer);
      for (const socket of open) socket.destroy();
      await new Promise((resolve) => front.close(resolve));
    },
  };
}
