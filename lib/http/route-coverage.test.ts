import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { allOperations } from "@/lib/contracts";

const API_ROOT = path.join(process.cwd(), "app/api/v1");
const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

function routeFiles(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return entry.name === "route.ts" ? [full] : [];
  });
}

/** Every operation of the contracts has a route file exporting its method, so the OpenAPI document never lies. */
describe("route coverage", () => {
  it.each(allOperations.map((operation) => [`${operation.method} ${operation.path}`, operation] as const))("%s has a route", (_label, operation) => {
    const folder = operation.path.replace(/\{(\w+)\}/g, "[$1]");
    const file = path.join(API_ROOT, folder, "route.ts");
    expect(fs.existsSync(file), file).toBe(true);
    expect(fs.readFileSync(file, "utf8")).toMatch(new RegExp(`export (?:const|function) ${operation.method}\\b`));
  });
});

/**
 * /api/v1 requests skip the proxy (proxy.ts's matcher), so each route file answers OPTIONS and the methods it lacks
 * itself (lib/http/other-methods.ts): it must export all seven (HEAD comes with GET from Next), and the list it
 * gives otherMethods, which becomes `Allow`, must be exactly the methods it implements.
 */
describe("every /api/v1 route file answers every method", () => {
  const files = routeFiles(API_ROOT).filter((file) => !file.includes("[...slug]"));
  it.each(files.map((file) => [path.relative(API_ROOT, file), file] as const))("%s", (_label, file) => {
    const source = fs.readFileSync(file, "utf8");
    const implemented = METHODS.filter((method) => new RegExp(`export (?:const|async function|function) ${method}\\b`).test(source));
    const delegated = /export const \{ ([A-Z, ]+) \} = otherMethods\(\[([^\]]*)\]\);/.exec(source);
    expect(delegated, "exports the other methods from otherMethods([...])").not.toBeNull();
    const others = delegated![1]!.split(", ");
    const declared = [...delegated![2]!.matchAll(/"([A-Z]+)"/g)].map((match) => match[1]);
    expect(declared).toEqual(implemented);
    const answered = new Set([...implemented, ...others, ...(implemented.includes("GET") ? ["HEAD"] : [])]);
    expect([...answered].sort()).toEqual([...METHODS].sort());
    expect(others.filter((method) => implemented.includes(method))).toEqual([]);
  });
});
