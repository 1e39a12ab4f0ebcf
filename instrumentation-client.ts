// Runs in the browser before Next hydrates the page (Next's client instrumentation hook): the review workspace's
// first page needs pdf.js's worker and the viewer's code, which are started here rather than once hydration reaches
// the workspace (components/review-workspace/pdf/early-start.ts).
import { startReviewViewerEarly } from "@/components/review-workspace/pdf/early-start";

startReviewViewerEarly(window.location.pathname);
