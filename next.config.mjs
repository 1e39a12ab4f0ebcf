/**
 * Sent on every response, API answers included. Pages also get a nonce-based Content-Security-Policy from
 * proxy.ts (lib/http/security-headers.ts); stored files get their own sandboxing policy (lib/http/file-headers.ts).
 */
const securityHeaders = [
  { key: "X-Frame-Options", value: "DENY" },
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  // The console needs none of these; an injected frame or script should not get them either.
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), hid=()" },
];

/** @type {import('next').NextConfig} */
const nextConfig = {
  // Bundling these breaks them (PGlite would also publish its wasm under /_next/static; native and worker-thread
  // packages cannot be bundled): see STACK-NOTES. They load from node_modules at run time instead.
  serverExternalPackages: [
    "@electric-sql/pglite",
    "pg-boss",
    "pg",
    "pdfjs-dist",
    "@embedpdf/pdfium",
    "tesseract.js",
    "onnxruntime-node",
    "@napi-rs/canvas",
    "piscina",
    "mammoth",
    "mailparser",
    "nodemailer",
    "exceljs",
    "utif2",
    "undici",
    "oidc-provider",
  ],
  poweredByHeader: false,
  experimental: {
    // Every page's and route's server module loads at start (Next's default), not on its first request: the first
    // review page answered ~200 ms sooner (bench:review, first byte), for ~30 MB more at start and the same idle
    // memory after a warm-up (bench:memory: 358 MB against 367 MB); see docs/benchmarks.md (bench:review).
    preloadEntriesOnStart: true,
  },
  async headers() {
    return [{ source: "/:path*", headers: securityHeaders }];
  },
  // A parser's page is its document list. Redirected here, before anything renders: the page's own redirect() ran
  // after the console layout had started streaming, so it arrived as a meta refresh that reloaded the page a moment
  // after it seemed loaded (the accessibility journey's scan was cut off by that reload).
  async redirects() {
    return [{ source: "/parsers/:parserId", destination: "/parsers/:parserId/documents", permanent: false }];
  },
  typescript: { ignoreBuildErrors: true }, // `npm run typecheck` is the type gate; the build need not redo it.
};

export default nextConfig;
