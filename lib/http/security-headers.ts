/**
 * The console pages' Content-Security-Policy, with a fresh nonce per request (proxy.ts); Next.js reads the nonce
 * from the request's CSP header and puts it on its own scripts. The static security headers every response gets,
 * API answers included, are in next.config.mjs.
 */
export type PagePolicyOptions = {
  nonce: string;
  /** The separate origin stored files are served from (FILES_BASE_URL), when there is one. */
  filesOrigin: string | null;
  /** The console is served over https: ask the browser to upgrade any stray http sub-resource. */
  https: boolean;
  /** `next dev` needs eval for React's debugging aids; a production build never does. */
  development: boolean;
};

/**
 * - scripts: only those carrying this response's nonce, and what they load (`strict-dynamic`): an injected
 *   `<script>` or inline handler never runs;
 * - styles: `'unsafe-inline'` because server-rendered `style` attributes (widths, positions of source boxes)
 *   cannot carry a nonce, and styles cannot run script;
 * - images and fetches: this origin, `blob:`/`data:` (pdf.js pages, canvas exports) and the files origin;
 * - the pdf.js worker: this origin (it is a `/_next/static` file);
 * - no plugins, no `<base>` hijack, and no framing by anyone (clickjacking).
 * No `form-action`: the OAuth consent form's answer redirects to the agent's own callback, which Chromium would
 * hold to the form's policy.
 */
export function pageContentSecurityPolicy(options: PagePolicyOptions): string {
  const files = options.filesOrigin ? ` ${options.filesOrigin}` : "";
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${options.nonce}' 'strict-dynamic'${options.development ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' blob: data:${files}`,
    "font-src 'self' data:",
    `connect-src 'self'${files}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
    ...(options.https ? ["upgrade-insecure-requests"] : []),
  ];
  return directives.join("; ");
}

/** 128 random bits, base64: unguessable and fresh per response, as a nonce must be. */
export function newNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}
