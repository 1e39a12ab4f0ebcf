import { createServer } from "node:http";
import { quarry } from "./http";

/**
 * A webhook endpoint that answers 200 to everything, on the one loopback port global setup let through
 * SAFE_FETCH_ALLOW. Counts what arrived, so a test can tell that nothing was sent.
 */
export async function startWebhookReceiver(): Promise<{ url: string; received: () => number; close: () => Promise<void> }> {
  let received = 0;
  const server = createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      received += 1;
      response.writeHead(200, { "content-type": "application/json" });
      response.end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(quarry().webhookPort, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${quarry().webhookPort}/hook`,
    received: () => received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
