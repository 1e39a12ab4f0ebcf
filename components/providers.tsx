"use client";

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { startReviewViewerEarly } from "@/components/review-workspace/pdf/early-start";
import { ToastProvider } from "@/components/ui";

// The root's client module runs in the first pass of hydration, before the page's own modules: on a page load of the
// review workspace, pdf.js's worker and the viewer's code start here (early-start.ts).
if (typeof window !== "undefined") startReviewViewerEarly(window.location.pathname);

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: 1 } } }));
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>{children}</ToastProvider>
    </QueryClientProvider>
  );
}
