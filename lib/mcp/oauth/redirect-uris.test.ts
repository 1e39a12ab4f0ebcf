import { describe, expect, it } from "vitest";
import { redirectUriProblem, redirectUrisProblem } from "./redirect-uris";

describe("redirectUriProblem", () => {
  it("accepts https anywhere and http on loopback", () => {
    for (const uri of ["https://agent.example/callback", "http://127.0.0.1:9/callback", "http://[::1]:8080/cb", "http://localhost:33418/cb", "http://localhost/cb"]) {
      expect(redirectUriProblem(uri), uri).toBeNull();
    }
  });

  it("refuses http to the network and any user-info", () => {
    for (const uri of [
      "http://agent.example/callback",
      "http://10.0.0.5/cb",
      "http://127.0.0.1.evil.example/cb",
      "http://localhost.evil.example/cb",
      "http://0.0.0.0/cb",
      "https://user:pass@agent.example/cb",
      "https://user@agent.example/cb",
      "https://:pass@agent.example/cb",
      "http://user:pass@127.0.0.1/cb",
      "https://agent.example@evil.example/cb",
    ]) {
      expect(redirectUriProblem(uri), uri).toMatch(/^redirect_uris /);
    }
  });

  it("checks every URI of a client", () => {
    expect(redirectUrisProblem(["https://ok.example/cb", "http://evil.example/cb"])).toMatch(/https/);
    expect(redirectUrisProblem(["https://ok.example/cb"])).toBeNull();
    expect(redirectUrisProblem("not an array")).toBeNull();
  });
});
