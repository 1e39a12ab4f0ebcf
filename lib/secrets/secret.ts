import "server-only";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { env } from "@/lib/env";

/**
 * AUTH_SECRET signs sessions and console tokens and derives the key that encrypts webhook secrets. When it is
 * not configured we generate one into DATA_DIR on first start, so `npm start` works with no setup and
 * sessions survive restarts.
 */
export function authSecret(): string {
  const configured = env().AUTH_SECRET;
  if (configured) return configured;
  const file = path.join(env().dataDir, "auth-secret");
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  fs.mkdirSync(env().dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  try {
    fs.writeFileSync(file, secret, { flag: "wx", mode: 0o600 });
    return secret;
  } catch (error) {
    // Another process wrote it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return fs.readFileSync(file, "utf8").trim();
    throw error;
  }
}
