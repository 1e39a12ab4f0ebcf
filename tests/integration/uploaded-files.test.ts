import { chromium, type Browser, type ConsoleMessage, type Page } from "@playwright/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { textPdf } from "../support/fixture-files";
import { baseUrl, call, seedMember, seedTeam, unique } from "../support/http";
import { CHROMIUM_ARGS, chromiumPath } from "../support/chromium";

/**
 * The attack of issue #19: a member of Globex uploads an HTML page to a parser that accepts HTML and sends its
 * signed file link to an admin of Acme. If the page ran in the console's origin, its script would fetch a console
 * token with the admin's cookies and mint an API key of Acme. Here it runs in a real Chromium, signed in as that
 * admin, and must get nowhere.
 */
type Uploaded = { result: { documentId: string; url: string }[] };

const mintedKeyName = unique("minted by an uploaded page");
const attackPage = `<!doctype html><html><head><title>Invoice</title></head><body><p>Invoice 42</p><script>
(async () => {
  const { token } = await (await fetch("/api/console-token")).json();
  await fetch("/api/v1/api-keys", {
    method: "POST",
    headers: { authorization: "Bearer " + token, "content-type": "application/json" },
    body: JSON.stringify({ name: ${JSON.stringify(mintedKeyName)} }),
  });
  document.title = "minted";
})();
</script></body></html>`;

async function uploadAsGlobex(parserId: string, file: { name: string; type: string; bytes: Uint8Array | string }): Promise<string> {
  const form = new FormData();
  form.append("file", new Blob([typeof file.bytes === "string" ? file.bytes : Buffer.from(file.bytes)], { type: file.type }), file.name);
  const response = await fetch(`${baseUrl()}/api/v1/process/${parserId}/files`, { method: "POST", headers: { authorization: `Bearer ${seedTeam("Globex").apiKey}` }, body: form });
  const body = (await response.json()) as Uploaded;
  expect(response.status, JSON.stringify(body)).toBe(200);
  return body.result[0]!.url;
}

async function signIn(page: Page, member: { email: string; password: string }) {
  await page.goto(`${baseUrl()}/sign-in`);
  await page.getByLabel("E-mail").fill(member.email);
  await page.getByLabel("Password").fill(member.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/sign-in"));
}

async function acmeKeyNames(): Promise<string[]> {
  const keys = await call<{ data: { name: string }[] }>("/api/v1/api-keys", { key: seedTeam("Acme").apiKey });
  expect(keys.status).toBe(200);
  return keys.body.data.map((key) => key.name);
}

describe("uploaded files never run in the console's origin", () => {
  let browser: Browser;
  let parserId: string;
  let htmlUrl: string;

  beforeAll(async () => {
    const parser = await call<{ id: string }>("/api/v1/parsers", {
      key: seedTeam("Globex").apiKey,
      body: { name: unique("Web pages"), fields: [{ name: "title", type: "text" }], acceptedFileTypes: ["text/html", "text/plain", "application/pdf"] },
    });
    expect(parser.status).toBe(201);
    parserId = parser.body.id;
    htmlUrl = await uploadAsGlobex(parserId, { name: "invoice.html", type: "text/html", bytes: attackPage });
    browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  });

  afterAll(async () => {
    await browser?.close();
  });

  it("an HTML upload opened by another team's admin is a download, and its script mints nothing", async () => {
    const context = await browser.newContext({ acceptDownloads: true });
    const violations: string[] = [];
    context.on("console", (message: ConsoleMessage) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    const page = await context.newPage();
    await signIn(page, seedMember("Acme", "admin"));
    // Signing in went through the console's own pages under their CSP without a single violation.
    expect(violations).toEqual([]);

    const download = page.waitForEvent("download");
    await page.goto(htmlUrl).catch(() => undefined); // Chromium aborts a navigation that turns into a download
    expect((await download).suggestedFilename()).toBe("invoice.html");
    expect(await page.title()).not.toBe("minted");
    expect(await acmeKeyNames()).not.toContain(mintedKeyName);
    await context.close();
  });

  it("serves every stored file sandboxed and unsniffed; only passive types the viewer shows are inline", async () => {
    const pdfUrl = await uploadAsGlobex(parserId, { name: "invoice.pdf", type: "application/pdf", bytes: await textPdf(["Invoice 7"]) });
    const textUrl = await uploadAsGlobex(parserId, { name: "notes.txt", type: "text/plain", bytes: "<script>alert(1)</script> looks like HTML to a sniffer" });
    const expectations = [
      { url: htmlUrl, disposition: /^attachment; filename="invoice\.html"/ },
      { url: textUrl, disposition: /^attachment; filename="notes\.txt"/ },
      { url: pdfUrl, disposition: /^inline; filename="invoice\.pdf"/ },
    ];
    for (const expected of expectations) {
      const response = await fetch(expected.url);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-disposition")).toMatch(expected.disposition);
      expect(response.headers.get("content-security-policy")).toBe("sandbox; default-src 'none'");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      await response.arrayBuffer();
    }
  });

  it("console pages carry a nonce-based CSP and the other security headers", async () => {
    const page = await fetch(`${baseUrl()}/sign-in`);
    const policy = page.headers.get("content-security-policy") ?? "";
    expect(policy).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{16,}' 'strict-dynamic'/);
    for (const directive of ["object-src 'none'", "base-uri 'self'", "frame-ancestors 'none'"]) expect(policy).toContain(directive);
    const nonce = /'nonce-([^']+)'/.exec(policy)![1]!;
    const html = await page.text();
    // Every script Next.js emitted carries this response's nonce, and no nonce is reused by the next response.
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) expect(script).toContain(`nonce="${nonce}"`);
    const again = await fetch(`${baseUrl()}/sign-in`);
    expect(again.headers.get("content-security-policy")).not.toContain(nonce);
    await again.arrayBuffer();
    for (const response of [page, again]) {
      expect(response.headers.get("x-frame-options")).toBe("DENY");
      expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(response.headers.get("permissions-policy")).toContain("camera=()");
    }
  });

  it("the OAuth consent page and the signed-in shell carry the same policy", async () => {
    for (const path of ["/oauth/consent?uid=unknown", "/", "/settings/api-keys", "/sign-out"]) {
      const response = await fetch(`${baseUrl()}${path}`, { redirect: "manual" });
      await response.arrayBuffer();
      expect(response.headers.get("content-security-policy"), path).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'.*frame-ancestors 'none'/);
      expect(response.headers.get("x-frame-options"), path).toBe("DENY");
    }
  });
});
