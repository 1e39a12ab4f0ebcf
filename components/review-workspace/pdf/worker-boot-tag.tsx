"use client";

import { pdfWorkerUrl } from "./worker-port";

/**
 * The async script that starts pdf.js's worker (see worker-boot.tsx). A client component so that both URLs are the
 * static files the browser's bundle uses (the server's own layer would resolve pdfjs-dist as an external package).
 */
export function PdfWorkerBootTag({ nonce }: { nonce: string | undefined }) {
  const boot = new URL("./start-pdf-worker.js", import.meta.url).pathname;
  return <script async src={boot} data-worker={pdfWorkerUrl().pathname} nonce={nonce} />;
}
