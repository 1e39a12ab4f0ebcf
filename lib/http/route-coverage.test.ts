import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { allOperations } from "@/lib/contracts";

/** Every operation of the contracts has a route file exporting its method, so the OpenAPI document never lies. */
describe("route coverage", () => {
  it.each(allOperations.map((operation) => [`${operation.method} ${operation.path}`, operation] as const))("%s has a route", (_label, operation) => {
    const folder = operation.path.replace(/\{(\w+)\}/g, "[$1]");
    const file = path.join(process.cwd(), "app/api/v1", folder, "route.ts");
    expect(fs.existsSync(file), file).toBe(true);
    expect(fs.readFileSync(file, "utf8")).toMatch(new RegExp(`export const ${operation.method}\\b`));
  });
});
