import { describe, expect, it } from "vitest";
import { baseUrl, seedMember } from "../support/http";
import { callSignInAction } from "../support/sign-in-action";

/**
 * Sign-in must not be an open redirect (issue #19, item 5). `/sign-in?from=%2F%09%2Fevil.example%2F` used to
 * send the browser to http://evil.example/ after a successful sign-in: the tab passed a "starts with / but not
 * //" check and the browser dropped it. Every way in is tried: the form's server action (what the browser
 * uses), next-auth's credentials callback over HTTP, and next-auth's sign-in page with a hostile callbackUrl,
 * which used to answer 500.
 */
const HOSTILE = [
  "/\t/evil.example/",
  "/\n/evil.example/",
  "/\r\n/evil.example/",
  "//evil.example/",
  "/\\evil.example/",
  "/\\/evil.example/",
  "\\\\evil.example/",
  "/%2F/evil.example/",
  "/%09/evil.example/",
  "/%5Cevil.example/",
  "/.//evil.example/",
  "https://evil.example/",
  "https:evil.example",
  "javascript:alert(1)",
  "//еvil.example/",
];

function expectSameOrigin(target: URL | null, label: string) {
  expect(target, label).not.toBeNull();
  expect(target!.origin, label).toBe(baseUrl());
  expect(target!.pathname.startsWith("//"), label).toBe(false);
}

async function credentialsCallback(callbackUrl: string): Promise<Response> {
  const member = seedMember("Acme", "admin");
  const csrf = await fetch(`${baseUrl()}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const cookie = csrf.headers.getSetCookie().map((line) => line.split(";")[0]).join("; ");
  return fetch(`${baseUrl()}/api/auth/callback/credentials`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie },
    body: new URLSearchParams({ csrfToken, email: member.email, password: member.password, callbackUrl }),
    redirect: "manual",
  });
}

describe("sign-in redirects stay on this origin", () => {
  it("the sign-in form's action follows a same-site `from`", async () => {
    const member = seedMember("Acme", "admin");
    const answer = await callSignInAction(baseUrl(), { ...member, from: "/settings/api-keys?tab=mine" });
    expect(answer.target?.toString()).toBe(`${baseUrl()}/settings/api-keys?tab=mine`);
  });

  it.each(HOSTILE.map((from) => [JSON.stringify(from), from]))("the sign-in form's action never leaves the site for from=%s", async (_label, from) => {
    const member = seedMember("Acme", "admin");
    const answer = await callSignInAction(baseUrl(), { ...member, from });
    expectSameOrigin(answer.target, from);
  });

  it("next-auth's credentials callback over HTTP redirects on this origin only", async () => {
    for (const callbackUrl of HOSTILE) {
      const response = await credentialsCallback(callbackUrl);
      expect(response.status, callbackUrl).toBeLessThan(500);
      const location = response.headers.get("location");
      expectSameOrigin(location === null ? null : new URL(location, baseUrl()), callbackUrl);
    }
  });

  it("a hostile callbackUrl on next-auth's pages is a 400, never a 500", async () => {
    for (const callbackUrl of ["javascript:alert(1)", "//evil.example/", "https://evil.example/", "/\t/evil.example", "data:text/html,x"]) {
      for (const page of ["signin", "signout", "error", "session", "providers", "csrf"]) {
        const response = await fetch(`${baseUrl()}/api/auth/${page}?callbackUrl=${encodeURIComponent(callbackUrl)}`, { redirect: "manual" });
        expect(response.status, `${page} ${callbackUrl}`).toBe(400);
        expect(await response.json()).toMatchObject({ error: true, message: expect.stringContaining("callbackUrl") });
      }
    }
    // A path on this site is still fine: the sign-in page sends the browser to the console's form.
    const fine = await fetch(`${baseUrl()}/api/auth/signin?callbackUrl=${encodeURIComponent("/review")}`, { redirect: "manual" });
    expect(fine.status).toBe(302);
    expect(new URL(fine.headers.get("location")!, baseUrl()).origin).toBe(baseUrl());
  });

  it("a hostile callback-url cookie is ignored rather than answered with a 500", async () => {
    const response = await fetch(`${baseUrl()}/api/auth/signin`, { headers: { cookie: `authjs.callback-url=${encodeURIComponent("javascript:alert(1)")}` }, redirect: "manual" });
    expect(response.status).toBeLessThan(500);
    const session = await fetch(`${baseUrl()}/api/auth/session`, { headers: { cookie: "authjs.callback-url=javascript:alert(1)" } });
    expect(session.status).toBe(200);
  });
});
