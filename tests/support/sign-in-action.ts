import fs from "node:fs";
import path from "node:path";

/**
 * Calls the sign-in form's server action over HTTP, the way the browser's form does (React posts the arguments
 * as JSON to the page with a `Next-Action` header). The action's id comes from the build's manifest.
 */
const ROOT = path.resolve(__dirname, "../..");

type Manifest = { node: Record<string, { filename?: string; exportedName?: string }> };

let cachedId: string | undefined;
function signInActionId(): string {
  if (cachedId) return cachedId;
  const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, ".next/server/server-reference-manifest.json"), "utf8")) as Manifest;
  const found = Object.entries(manifest.node).find(([, entry]) => entry.exportedName === "signInAction" && entry.filename?.includes("sign-in/actions"));
  if (!found) throw new Error("signInAction not in the build's server-reference manifest (run `npm run build`)");
  cachedId = found[0];
  return cachedId;
}

export type ActionAnswer = {
  status: number;
  /** Where the browser goes next, resolved as the browser resolves it; null when the action did not redirect. */
  target: URL | null;
  body: string;
};

export async function callSignInAction(base: string, input: { email: string; password: string; from?: string; headers?: Record<string, string> }): Promise<ActionAnswer> {
  const response = await fetch(`${base}/sign-in`, {
    method: "POST",
    headers: { "next-action": signInActionId(), "content-type": "text/plain;charset=UTF-8", accept: "text/x-component", origin: base, ...input.headers },
    body: JSON.stringify([{ email: input.email, password: input.password }, input.from ?? "$undefined"]),
    redirect: "manual",
  });
  const body = await response.text();
  // A redirect from a server action comes back as `x-action-redirect: <url>;<push|replace>` (or a Location).
  const raw = response.headers.get("x-action-redirect")?.replace(/;(push|replace)$/, "") ?? response.headers.get("location");
  return { status: response.status, target: raw === null ? null : new URL(raw, `${base}/sign-in`), body };
}
