import { createHash, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { baseUrl, call } from "../support/http";

/**
 * The MCP server's authorization server speaks OAuth 2.1 only (issue #19, item 10): the authorization code
 * grant with PKCE S256 and refresh tokens; no implicit grant and no `id_token` response types, neither in the
 * metadata nor in use; registered redirect URIs are https, or http on a loopback address, never with user-info.
 */
type Metadata = Record<string, unknown> & { response_types_supported: string[]; grant_types_supported: string[]; code_challenge_methods_supported: string[] };
type RegistrationAnswer = { client_id?: string; error?: string; error_description?: string };

function registration(overrides: Record<string, unknown>) {
  return call<RegistrationAnswer>("/oauth/register", {
    body: { client_name: "OAuth 2.1 check", redirect_uris: ["http://127.0.0.1:9/callback"], grant_types: ["authorization_code", "refresh_token"], response_types: ["code"], token_endpoint_auth_method: "none", ...overrides },
  });
}

describe("OAuth 2.1 metadata", () => {
  it.each(["/.well-known/oauth-authorization-server", "/.well-known/openid-configuration"])("%s offers code + PKCE S256 + refresh tokens only", async (path) => {
    const metadata = await call<Metadata>(path);
    expect(metadata.status).toBe(200);
    expect(metadata.body.response_types_supported).toEqual(["code"]);
    expect([...metadata.body.grant_types_supported].sort()).toEqual(["authorization_code", "refresh_token"]);
    expect(metadata.body.code_challenge_methods_supported).toEqual(["S256"]);
    expect(JSON.stringify(metadata.body.response_types_supported)).not.toContain("token");
  });
});

describe("dynamic client registration", () => {
  it("accepts https and loopback http redirect URIs", async () => {
    for (const uri of ["https://agent.example/callback", "http://127.0.0.1:8123/callback", "http://[::1]:8123/callback", "http://localhost:8123/callback"]) {
      const answer = await registration({ redirect_uris: [uri] });
      expect(answer.status, uri).toBe(201);
      expect(answer.body.client_id).toEqual(expect.any(String));
    }
  });

  it.each([
    "http://agent.example/callback",
    "http://10.0.0.7/callback",
    "http://127.0.0.1.evil.example/callback",
    "https://user:pass@agent.example/callback",
    "https://user@agent.example/callback",
    "http://user:pass@127.0.0.1:9/callback",
  ])("refuses %s with invalid_redirect_uri", async (uri) => {
    const answer = await registration({ redirect_uris: ["https://agent.example/ok", uri] });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe("invalid_redirect_uri");
    expect(answer.body.client_id).toBeUndefined();
  });

  it("refuses the implicit grant and id_token response types", async () => {
    for (const overrides of [{ response_types: ["id_token"] }, { response_types: ["code id_token"] }, { response_types: ["id_token token"] }, { grant_types: ["implicit"], response_types: ["id_token"] }]) {
      const answer = await registration(overrides);
      expect(answer.status, JSON.stringify(overrides)).toBe(400);
      expect(answer.body.client_id).toBeUndefined();
    }
  });

  it("answers an implicit or id_token authorization request with an error, never a token", async () => {
    const registered = await registration({});
    expect(registered.status).toBe(201);
    const challenge = createHash("sha256").update(randomBytes(32).toString("base64url")).digest("base64url");
    for (const responseType of ["token", "id_token", "id_token token", "code id_token"]) {
      const url = new URL(`${baseUrl()}/oauth/authorize`);
      const params = { response_type: responseType, client_id: registered.body.client_id!, redirect_uri: "http://127.0.0.1:9/callback", scope: "openid quarry", state: "s", nonce: "n", code_challenge: challenge, code_challenge_method: "S256", resource: `${baseUrl()}/mcp` };
      for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
      const response = await fetch(url, { redirect: "manual" });
      const location = response.headers.get("location") ?? "";
      expect(response.status, responseType).not.toBe(200);
      expect(response.status, responseType).toBeLessThan(500);
      expect(location, responseType).not.toMatch(/access_token|id_token=/);
      if (location.startsWith("http://127.0.0.1:9/")) expect(location, responseType).toMatch(/error=unsupported_response_type|error=invalid_request|error=unauthorized_client/);
    }
  });
});
