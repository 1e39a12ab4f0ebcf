import path from "node:path";
import { z } from "zod";

/** Unset and blank mean the same (an `.env` line `S3_ENDPOINT=`). */
const blankAsUnset = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (typeof value === "string" && value.trim() === "" ? undefined : value), schema.optional());
const optionalString = blankAsUnset(z.string().trim());

/**
 * Server configuration, read once from the environment and validated, so a typo fails at boot with a clear
 * message instead of deep inside a request. DESIGN §1.1 lists every variable.
 */
const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65_535).default(3000),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z.string().optional(),
  REGION: z.enum(["us", "eu"]).default("us"),
  PUBLIC_BASE_URL: z.string().optional(),
  /**
   * More addresses this same server answers at (comma-separated, e.g. `http://127.0.0.1:3000`): the OAuth metadata
   * and the MCP resource follow the host a client used when it is one of these or PUBLIC_BASE_URL; any other host
   * gets PUBLIC_BASE_URL's.
   */
  PUBLIC_BASE_URLS: z.string().default(""),
  /** Browser origins allowed to call /api/v1 cross-origin (comma-separated; `*` for any). Empty: none but /api/v1/openapi.json. */
  CORS_ORIGINS: z.string().default(""),
  /**
   * Where stored files' signed links point (`<FILES_BASE_URL>/api/files/…`). A separate origin (another host name
   * for this same server) keeps uploaded content away from the console's cookies and storage; unset → PUBLIC_BASE_URL.
   */
  FILES_BASE_URL: blankAsUnset(z.url({ protocol: /^https?$/, error: "must be an http(s) URL such as https://files.quarry.example" })),
  AUTH_SECRET: z.string().optional(),
  WORKER: z.enum(["inline", "off"]).default("inline"),
  STORAGE: z.enum(["local", "s3"]).default("local"),
  SAFE_FETCH_ALLOW: z.string().default(""),
  /**
   * Structured e-invoices: the XML a Factur-X / ZUGFeRD / XRechnung PDF carries, or an uploaded CII/UBL XML, fills
   * fields and line items directly (lib/extraction/einvoice). `off` reads only the page (benchmarks, evaluation).
   * The engine reads the variable itself in its worker threads; it is validated here so a typo fails at boot.
   */
  EINVOICE_XML: z.enum(["on", "off"]).default("on"),
  /** Time limit of one webhook delivery attempt; 10 s as documented, lowered by the tests. */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /** Test seam: comma-separated waits (ms) between webhook attempts instead of the day-long production schedule. */
  WEBHOOK_RETRY_SCHEDULE_MS: z
    .string()
    .regex(/^(\d+(,\d+)*)?$/, "comma-separated milliseconds")
    .default("")
    .transform((value) => (value ? value.split(",").map(Number) : null)),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(100),
  RATE_LIMIT_PER_DAY: z.coerce.number().int().min(1).default(10_000),
  /** Reverse proxies in front that append to X-Forwarded-For (lib/http/client-address.ts); 0: use the socket address. */
  TRUST_PROXY: z.preprocess(
    (value) => (value === "true" ? "1" : value === "false" || value === "" ? "0" : value),
    z.coerce.number().int().min(0).max(10).default(0),
  ),
  /** Dynamic OAuth client registrations accepted per client address and hour. */
  OAUTH_REGISTRATIONS_PER_HOUR: z.coerce.number().int().min(1).default(20),
  /** Base addresses of the other regions, used in the wrong-region message (e.g. https://eu.quarry.example). */
  US_BASE_URL: z.string().default("https://us.quarry.example"),
  EU_BASE_URL: z.string().default("https://eu.quarry.example"),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error"]).default("info"),
  /** Inbound e-mail: the SMTP listener runs (with the workers) only when a port is set. */
  SMTP_PORT: z.preprocess((value) => (value === "" ? undefined : value), z.coerce.number().int().min(1).max(65_535).optional()),
  /** Mail for `<parser slug>@INBOUND_DOMAIN` becomes documents of that parser. */
  INBOUND_DOMAIN: z.string().trim().toLowerCase().min(1).default("inbound.localhost"),
  /**
   * Outbound mail (smtp://user:pass@host:587, smtps://… for TLS from the start): codes that prove a person receives
   * their address's mail (lib/services/email-proof). Unset: no mail is sent, and accounts made through an invitation
   * link never see invitations by address.
   */
  SMTP_URL: blankAsUnset(z.url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL such as smtp://user:pass@mail.example:587" })),
  /** The sender of that mail; unset → `Quarry <no-reply@<PUBLIC_BASE_URL's host>>`. */
  SMTP_FROM: optionalString,
  /** STORAGE=s3: the bucket (required then), its region and, for MinIO, R2 and the like, the server's address. */
  S3_BUCKET: optionalString,
  S3_REGION: z.string().trim().min(1).default("us-east-1"),
  S3_ENDPOINT: blankAsUnset(z.url({ protocol: /^https?$/, error: "must be an http(s) URL such as http://127.0.0.1:9000" })),
  /** Both or neither; neither → the AWS SDK's default credential chain (AWS_* variables, profile, instance role). */
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: z
    .enum(["true", "false", ""], { error: "must be true or false" })
    .default("false")
    .transform((value) => value === "true"),
  /** Prepended to every object key, to share a bucket (`quarry/`). */
  S3_PREFIX: z.string().trim().default(""),
}).superRefine((values, context) => {
  if (values.STORAGE !== "s3") return;
  if (!values.S3_BUCKET) context.addIssue({ code: "custom", path: ["S3_BUCKET"], message: "is required when STORAGE=s3" });
  if (Boolean(values.S3_ACCESS_KEY_ID) !== Boolean(values.S3_SECRET_ACCESS_KEY)) {
    const missing = values.S3_ACCESS_KEY_ID ? "S3_SECRET_ACCESS_KEY" : "S3_ACCESS_KEY_ID";
    context.addIssue({ code: "custom", path: [missing], message: "is required with the other S3 key (set both, or neither for the AWS default credential chain)" });
  }
});

export type Env = z.infer<typeof EnvSchema> & {
  dataDir: string;
  publicBaseUrl: string;
  /** PUBLIC_BASE_URL first, then each of PUBLIC_BASE_URLS, without trailing slashes or duplicates. */
  publicBaseUrls: string[];
  filesBaseUrl: string;
  corsOrigins: string[];
};

/** A comma-separated list of URLs as origins-with-path, trimmed and without trailing slashes; bad entries fail at boot. */
function urlList(value: string, name: string): string[] {
  const entries = value.split(",").map((entry) => entry.trim().replace(/\/+$/, "")).filter(Boolean);
  for (const entry of entries) {
    if (entry === "*" && name === "CORS_ORIGINS") continue;
    if (!URL.canParse(entry) || !/^https?:$/.test(new URL(entry).protocol)) throw new Error(`Invalid configuration: ${name}: every entry must be an http(s) URL`);
  }
  return entries;
}

let cached: Env | undefined;

export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/** The configuration in `source`, or an error naming every bad variable (names and rules only, never a value). */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const detail = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ");
    throw new Error(`Invalid configuration: ${detail}`);
  }
  const values = parsed.data;
  const publicBaseUrl = (values.PUBLIC_BASE_URL || `http://localhost:${values.PORT}`).replace(/\/+$/, "");
  return {
    ...values,
    DATABASE_URL: values.DATABASE_URL || undefined,
    dataDir: path.resolve(values.DATA_DIR),
    publicBaseUrl,
    publicBaseUrls: [...new Set([publicBaseUrl, ...urlList(values.PUBLIC_BASE_URLS, "PUBLIC_BASE_URLS")])],
    corsOrigins: urlList(values.CORS_ORIGINS, "CORS_ORIGINS").map((origin) => (origin === "*" ? origin : new URL(origin).origin)),
    filesBaseUrl: values.FILES_BASE_URL ? values.FILES_BASE_URL.replace(/\/+$/, "") : publicBaseUrl,
  };
}

export function regionBaseUrl(region: "us" | "eu"): string {
  const config = env();
  if (region === config.REGION) return config.publicBaseUrl;
  return region === "eu" ? config.EU_BASE_URL : config.US_BASE_URL;
}

/** The separate origin stored files are served from (FILES_BASE_URL), or null when they share the console's. */
export function separateFilesOrigin(config: Env = env()): string | null {
  return config.filesBaseUrl === config.publicBaseUrl ? null : new URL(config.filesBaseUrl).origin;
}

/**
 * The configured public address a request came in by (its `Host`, compared as URL hosts), or PUBLIC_BASE_URL when
 * the host is none of them: a client that reached the server as http://127.0.0.1:3000 discovers endpoints there
 * when that address is configured, and no Host header can make the server name an address nobody configured.
 */
export function publicBaseUrlForHost(host: string | null | undefined, config: Env = env()): string {
  if (host) {
    const wanted = host.trim().toLowerCase();
    const match = config.publicBaseUrls.find((url) => new URL(url).host === wanted);
    if (match) return match;
  }
  return config.publicBaseUrl;
}
