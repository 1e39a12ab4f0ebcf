/**
 * The one place that imports the PDF viewer's chunk (react-pdf and pdf.js): the workspace and the early start
 * before hydration (early-start.ts) share this import, so the bundler makes one chunk for it and the browser loads
 * and evaluates it once, whichever asks first.
 */
export const loadPdfViewer = () => import("./pdf-viewer");
