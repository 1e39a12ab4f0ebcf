import fs from "node:fs";
import path from "node:path";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

/**
 * A real SMTP server that receives the mail Quarry sends (SMTP_URL points at it) and files each message as JSON in
 * a directory, so tests in other processes can read what arrived at an address. It stands in for the recipient's
 * mail provider: whatever lands here was delivered to that address and to nobody else.
 */
export type OutboxMessage = { to: string[]; from: string; subject: string; text: string };

export async function startMailOutbox(dir: string): Promise<{ port: number; close: () => Promise<void> }> {
  fs.mkdirSync(dir, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          const to = (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((list) => list.value.map((entry) => (entry.address ?? "").toLowerCase()));
          const message: OutboxMessage = { to, from: mail.from?.text ?? "", subject: mail.subject ?? "", text: mail.text ?? "" };
          count += 1;
          fs.writeFileSync(path.join(dir, `${Date.now()}-${count}.json`), JSON.stringify(message));
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const address = server.server.address();
  if (typeof address !== "object" || !address) throw new Error("outbox did not bind");
  return { port: address.port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Every message filed so far that was addressed to `to`, oldest first. */
export function messagesTo(dir: string, to: string): OutboxMessage[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .sort((a, b) => Number(a.split("-")[0]) - Number(b.split("-")[0]) || a.localeCompare(b))
    .map((name) => JSON.parse(fs.readFileSync(path.join(dir, name), "utf8")) as OutboxMessage)
    .filter((message) => message.to.includes(to.toLowerCase()));
}

/** Waits for the next message to `to` beyond the `seen` already there. */
export async function nextMessageTo(dir: string, { to, seen, timeoutMs = 15_000 }: { to: string; seen: number; timeoutMs?: number }): Promise<OutboxMessage> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const messages = messagesTo(dir, to);
    if (messages.length > seen) return messages[seen]!;
    if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
