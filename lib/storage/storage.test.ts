import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { FileNotFoundError } from "./file-store";
import { localFileStore } from "./local-store";
import { fileUrlExpiry, signFileToken, verifyFileToken } from "./signed-url";

describe("local file store", () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "quarry-store-"));
  const store = localFileStore(root);

  it("stores, reads and deletes files", async () => {
    await store.put("team/doc/invoice.pdf", new Uint8Array([1, 2, 3]), "application/pdf");
    expect([...(await store.get("team/doc/invoice.pdf"))]).toEqual([1, 2, 3]);
    expect(await store.exists("team/doc/invoice.pdf")).toBe(true);
    await store.delete("team/doc/invoice.pdf");
    await expect(store.get("team/doc/invoice.pdf")).rejects.toBeInstanceOf(FileNotFoundError);
    expect(fs.readdirSync(path.join(root, "team/doc"))).toEqual([]);
  });

  it("refuses keys that climb out of its root", async () => {
    await expect(store.put("../escape.txt", new Uint8Array([1]), "text/plain")).rejects.toThrow("Invalid storage key");
  });
});

describe("FileNotFoundError", () => {
  it("is recognised when thrown by another copy of the module (Next bundles one per server chunk)", async () => {
    vi.resetModules();
    const otherCopy = await import("./file-store");
    expect(otherCopy.FileNotFoundError).not.toBe(FileNotFoundError);
    const thrown = new otherCopy.FileNotFoundError("team/doc/a.pdf");
    expect(thrown instanceof FileNotFoundError).toBe(true);
    expect(new FileNotFoundError("x") instanceof otherCopy.FileNotFoundError).toBe(true);
    expect(new Error("No stored file at x") instanceof FileNotFoundError).toBe(false);
    expect(thrown.message).toBe("No stored file at team/doc/a.pdf");
  });
});

describe("signed file links", () => {
  const file = { key: "team/doc/a.pdf", name: "a.pdf", contentType: "application/pdf" };

  it("verifies its own tokens until they expire", () => {
    const token = signFileToken("secret", file, new Date(Date.now() + 60_000));
    expect(verifyFileToken("secret", token)).toEqual(file);
    expect(verifyFileToken("secret", token, new Date(Date.now() + 120_000))).toBeNull();
  });

  it("refuses tampered tokens and other secrets", () => {
    const token = signFileToken("secret", file, new Date(Date.now() + 60_000));
    const [payload, signature] = token.split(".");
    const forged = Buffer.from(JSON.stringify({ k: "other/team.pdf", n: "x", t: "x", e: 9_999_999_999 })).toString("base64url");
    expect(verifyFileToken("secret", `${forged}.${signature}`)).toBeNull();
    expect(verifyFileToken("other", token)).toBeNull();
    expect(verifyFileToken("secret", `${payload}`)).toBeNull();
  });

  it("signs the same link all through an hour, valid one to two hours, so answers that carry it keep their ETag", () => {
    const at = (iso: string) => new Date(iso);
    expect(fileUrlExpiry(at("2026-11-28T10:00:00.000Z"))).toEqual(at("2026-11-28T11:00:00.000Z"));
    expect(fileUrlExpiry(at("2026-11-28T10:00:00.001Z"))).toEqual(at("2026-11-28T12:00:00.000Z"));
    expect(fileUrlExpiry(at("2026-11-28T10:59:59.999Z"))).toEqual(at("2026-11-28T12:00:00.000Z"));
    const early = signFileToken("secret", file, fileUrlExpiry(at("2026-11-28T10:00:01Z")));
    const late = signFileToken("secret", file, fileUrlExpiry(at("2026-11-28T10:59:58Z")));
    expect(late).toBe(early);
    expect(verifyFileToken("secret", late, at("2026-11-28T11:59:59Z"))).toEqual(file);
    expect(verifyFileToken("secret", late, at("2026-11-28T12:00:01Z"))).toBeNull();
  });
});
