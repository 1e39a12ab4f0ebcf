// Served as a static file (new URL(...) in worker-boot.ts) and loaded by the review page's HTML as an async script
// with the page's CSP nonce: it starts pdf.js's worker before the console's scripts have run and hydrated the page,
// so the worker's 1.2 MB script is read, compiled and run while they do. The workspace adopts it (worker-port.ts).
// Plain JavaScript on purpose: it is not bundled, and it only creates the worker from the URL its tag names.
(function () {
  var script = document.currentScript;
  var url = script && script.getAttribute("data-worker");
  if (!url || typeof Worker === "undefined" || window.__quarryPdfWorker) return;
  window.__quarryPdfWorker = new Worker(url, { type: "module", name: "pdf.js" });
})();
