import { describe, expect, it } from "vitest";
import { parseEnv } from "./env";

describe("STORAGE=s3 configuration", () => {
  it("needs nothing S3 with the default local store", () => {
    const config = parseEnv({});
    expect(config.STORAGE).toBe("local");
    expect(config.S3_BUCKET).toBeUndefined();
  });

  it("refuses STORAGE=s3 without a bucket, naming the variable", () => {
    expect(() => parseEnv({ STORAGE: "s3" })).toThrow("Invalid configuration: S3_BUCKET: is required when STORAGE=s3");
    expect(() => parseEnv({ STORAGE: "s3", S3_BUCKET: "  " })).toThrow("S3_BUCKET: is required when STORAGE=s3");
  });

  it("takes the defaults: us-east-1, virtual-hosted style, no prefix, no endpoint, the SDK's credential chain", () => {
    const config = parseEnv({ STORAGE: "s3", S3_BUCKET: "quarry-files", S3_ENDPOINT: "" });
    expect(config).toMatchObject({ S3_BUCKET: "quarry-files", S3_REGION: "us-east-1", S3_FORCE_PATH_STYLE: false, S3_PREFIX: "" });
    expect(config.S3_ENDPOINT).toBeUndefined();
    expect(config.S3_ACCESS_KEY_ID).toBeUndefined();
    expect(config.S3_SECRET_ACCESS_KEY).toBeUndefined();
  });

  it("reads an S3-compatible server's settings", () => {
    const config = parseEnv({
      STORAGE: "s3",
      S3_BUCKET: "quarry",
      S3_REGION: "auto",
      S3_ENDPOINT: "http://127.0.0.1:9000",
      S3_ACCESS_KEY_ID: "minio",
      S3_SECRET_ACCESS_KEY: "minio-secret",
      S3_FORCE_PATH_STYLE: "true",
      S3_PREFIX: "quarry/",
    });
    expect(config).toMatchObject({ S3_REGION: "auto", S3_ENDPOINT: "http://127.0.0.1:9000", S3_ACCESS_KEY_ID: "minio", S3_FORCE_PATH_STYLE: true, S3_PREFIX: "quarry/" });
  });

  it("refuses half a key pair and names the missing half, without printing the given one", () => {
    const secret = "only-the-secret-was-set";
    const error = (() => {
      try {
        parseEnv({ STORAGE: "s3", S3_BUCKET: "b", S3_SECRET_ACCESS_KEY: secret });
      } catch (caught) {
        return caught as Error;
      }
      throw new Error("expected a configuration error");
    })();
    expect(error.message).toContain("S3_ACCESS_KEY_ID: is required with the other S3 key");
    expect(error.message).not.toContain(secret);
    expect(() => parseEnv({ STORAGE: "s3", S3_BUCKET: "b", S3_ACCESS_KEY_ID: "id" })).toThrow("S3_SECRET_ACCESS_KEY: is required with the other S3 key");
  });

  it("refuses a malformed endpoint and path-style flag", () => {
    expect(() => parseEnv({ STORAGE: "s3", S3_BUCKET: "b", S3_ENDPOINT: "minio:9000 " })).toThrow("S3_ENDPOINT: must be an http(s) URL");
    expect(() => parseEnv({ STORAGE: "s3", S3_BUCKET: "b", S3_FORCE_PATH_STYLE: "yes" })).toThrow("S3_FORCE_PATH_STYLE: must be true or false");
  });
});

describe("FILES_BASE_URL", () => {
  it("defaults to the public address", () => {
    expect(parseEnv({ PUBLIC_BASE_URL: "https://quarry.example/" }).filesBaseUrl).toBe("https://quarry.example");
  });

  it("takes a separate origin for stored files, and refuses what is not an http(s) URL", () => {
    expect(parseEnv({ PUBLIC_BASE_URL: "https://quarry.example", FILES_BASE_URL: "https://files.quarry.example/" }).filesBaseUrl).toBe("https://files.quarry.example");
    expect(() => parseEnv({ FILES_BASE_URL: "javascript:alert(1)" })).toThrow("FILES_BASE_URL");
  });
});

describe("public addresses and CORS origins", () => {
  it("lists PUBLIC_BASE_URL first, then PUBLIC_BASE_URLS, and picks the one a Host header names", async () => {
    const { publicBaseUrlForHost } = await import("./env");
    const config = parseEnv({ PORT: "3000", PUBLIC_BASE_URLS: "http://127.0.0.1:3000/, https://quarry.example" });
    expect(config.publicBaseUrls).toEqual(["http://localhost:3000", "http://127.0.0.1:3000", "https://quarry.example"]);
    expect(publicBaseUrlForHost("127.0.0.1:3000", config)).toBe("http://127.0.0.1:3000");
    expect(publicBaseUrlForHost("QUARRY.example", config)).toBe("https://quarry.example");
    // A host nobody configured never becomes an advertised address.
    expect(publicBaseUrlForHost("evil.example", config)).toBe("http://localhost:3000");
    expect(publicBaseUrlForHost(null, config)).toBe("http://localhost:3000");
  });

  it("reads CORS_ORIGINS as origins, allows `*`, and refuses what is not a URL", () => {
    expect(parseEnv({}).corsOrigins).toEqual([]);
    expect(parseEnv({ CORS_ORIGINS: "https://app.example/, *" }).corsOrigins).toEqual(["https://app.example", "*"]);
    expect(() => parseEnv({ CORS_ORIGINS: "app.example" })).toThrow("CORS_ORIGINS");
    expect(() => parseEnv({ PUBLIC_BASE_URLS: "*" })).toThrow("PUBLIC_BASE_URLS");
  });
});

describe("outbound mail configuration", () => {
  it("is off unless SMTP_URL is set, and takes smtp:// and smtps:// URLs only", () => {
    expect(parseEnv({}).SMTP_URL).toBeUndefined();
    expect(parseEnv({ SMTP_URL: " " }).SMTP_URL).toBeUndefined();
    expect(parseEnv({ SMTP_URL: "smtp://user:pw@mail.example:587" }).SMTP_URL).toBe("smtp://user:pw@mail.example:587");
    expect(parseEnv({ SMTP_URL: "smtps://mail.example:465" }).SMTP_URL).toBe("smtps://mail.example:465");
    expect(() => parseEnv({ SMTP_URL: "http://mail.example" })).toThrow("SMTP_URL");
    expect(() => parseEnv({ SMTP_URL: "mail.example:25" })).toThrow("SMTP_URL");
  });
});
