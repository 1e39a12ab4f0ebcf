"use client";

import { ErrorState } from "@/components/ui";

export default function ErrorPage({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <main className="mx-auto max-w-md p-12">
      <ErrorState title="Something went wrong" message="The page could not be shown. Try again; if it keeps failing, the server log has the details." onRetry={reset} />
    </main>
  );
}
