import { headers } from "next/headers";
import { PdfWorkerBootTag } from "./worker-boot-tag";

/**
 * The review page's tag that starts pdf.js's worker from the HTML (start-pdf-worker.js), before hydration: the
 * workspace's own code runs only when React renders it during hydration (0.4-0.55 s after navigation in
 * bench:console), and the worker then needed ~0.2 s more (its script from the cache, compiled, run) before pdf.js
 * could open the PDF. The script is a file of our own with the request's nonce (the CSP allows no inline script).
 */
export async function PdfWorkerBoot() {
  const policy = (await headers()).get("content-security-policy") ?? "";
  return <PdfWorkerBootTag nonce={/'nonce-([^']+)'/.exec(policy)?.[1]} />;
}
