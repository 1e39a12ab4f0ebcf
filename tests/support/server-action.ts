import fs from "node:fs";
import path from "node:path";

/**
 * Calls any console server action over HTTP, as a browser (or an attacker with a signed-in session) can: the action's
 * id from the build's manifest in a `Next-Action` header, its arguments as a JSON array, to the page that uses it.
 */
const ROOT = path.resolve(__dirname, "../..");

type Manifest = { node: Record<string, { filename?: string; exportedName?: string }> };

export function serverActionId({ exportedName, file }: { exportedName: string; file: string }): string {
  const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, ".next/server/server-reference-manifest.json"), "utf8")) as Manifest;
  const found = Object.entries(manifest.node).find(([, entry]) => entry.exportedName === exportedName && entry.filename?.includes(file));
  if (!found) throw new Error(`${exportedName} (${file}) is not in the build's server-reference manifest (run \`npm run build\`)`);
  return found[0];
}

export async function callServerAction(base: string, input: { page: string; actionId: string; args: unknown[]; cookie: string }): Promise<{ status: number; body: string }> {
  const response = await fetch(`${base}${input.page}`, {
    method: "POST",
    headers: { "next-action": input.actionId, "content-type": "text/plain;charset=UTF-8", accept: "text/x-component", origin: base, cookie: input.cookie },
    body: JSON.stringify(input.args),
    redirect: "manual",
  });
  return { status: response.status, body: await response.text() };
}
