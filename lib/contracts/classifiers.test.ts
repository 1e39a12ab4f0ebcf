import { describe, expect, it } from "vitest";
import { ClassifyUrlsSchema, CreateClassifierSchema, UpdateClassifierSchema } from "./classifiers";

const A = "00000000-0000-4000-8000-00000000000a";
const paths = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) => result.error?.issues.map((issue) => issue.path.join(".")) ?? [];
const valid = { name: "Inbox", routing: { rules: [{ label: "Invoice", targetParserId: A }] } };

describe("classifier contracts", () => {
  it("needs a name and at least one rule, and defaults the fallback to skip", () => {
    expect(CreateClassifierSchema.parse(valid).routing.fallback).toEqual({ action: "skip" });
    expect(paths(CreateClassifierSchema.safeParse({ routing: valid.routing }))).toEqual(["name"]);
    expect(paths(CreateClassifierSchema.safeParse({ name: "x", routing: { rules: [] } }))).toEqual(["routing.rules"]);
    expect(paths(CreateClassifierSchema.safeParse({ name: "x" }))).toEqual(["routing"]);
  });

  it("refuses unknown keys, duplicate labels, a route fallback without target and splitting by a field", () => {
    expect(paths(CreateClassifierSchema.safeParse({ ...valid, fields: [] }))).toEqual([""]);
    expect(paths(CreateClassifierSchema.safeParse({ ...valid, routing: { rules: [{ label: "A", targetParserId: A }, { label: "a", targetParserId: A }] } }))).toEqual(["routing.rules.1.label"]);
    expect(paths(CreateClassifierSchema.safeParse({ ...valid, routing: { ...valid.routing, fallback: { action: "route" } } }))).toEqual(["routing.fallback.targetParserId"]);
    expect(paths(CreateClassifierSchema.safeParse({ ...valid, routing: { ...valid.routing, fallback: { action: "archive" } } }))).toEqual(["routing.fallback.action"]);
    expect(paths(CreateClassifierSchema.safeParse({ ...valid, routing: { rules: [{ label: "A", targetParserId: "nope" }] } }))).toEqual(["routing.rules.0.targetParserId"]);
    expect(paths(CreateClassifierSchema.safeParse({ ...valid, splitDocuments: { enabled: true, mode: "partitionKey", partitionKey: "x" } }))).toEqual(["splitDocuments.mode"]);
    expect(CreateClassifierSchema.safeParse({ ...valid, splitDocuments: { enabled: true, mode: "everyXPages", everyXPages: 2 } }).success).toBe(true);
  });

  it("makes every update key optional and allows no others", () => {
    expect(UpdateClassifierSchema.safeParse({}).success).toBe(true);
    expect(UpdateClassifierSchema.safeParse({ isActive: false }).success).toBe(true);
    expect(paths(UpdateClassifierSchema.safeParse({ emailAddress: "x@y" }))).toEqual([""]);
  });

  it("takes URL uploads like a parser's, without folderId", () => {
    expect(ClassifyUrlsSchema.safeParse({ urls: ["https://example.com/a.pdf"] }).success).toBe(true);
    expect(paths(ClassifyUrlsSchema.safeParse({ urls: ["https://example.com/a.pdf"], externalIds: ["a", "b"] }))).toEqual(["externalIds"]);
    expect(ClassifyUrlsSchema.safeParse({ urls: ["https://example.com/a.pdf"], folderId: A }).success).toBe(false);
    expect(ClassifyUrlsSchema.safeParse({ urls: [] }).success).toBe(false);
  });
});
