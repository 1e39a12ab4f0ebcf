import { Button, Spinner } from "@/components/ui";
import type { SaveStatus } from "./use-document-data";

/** Whether the reviewer's corrections are stored: announced politely, with a retry when a save failed. */
export function SaveStatusIndicator({ status, onRetry }: { status: SaveStatus; onRetry: () => void }) {
  return (
    <div className="flex items-center gap-2 text-xs" aria-live="polite">
      {status.state === "saving" ? (
        <span className="inline-flex items-center gap-1.5 text-muted">
          <Spinner label={null} size="sm" /> Saving…
        </span>
      ) : null}
      {status.state === "saved" ? <span className="text-success">All changes saved</span> : null}
      {status.state === "error" ? (
        <>
          <span className="font-medium text-danger">Not saved: {status.message}</span>
          <Button variant="secondary" size="sm" onClick={onRetry}>
            Retry
          </Button>
        </>
      ) : null}
    </div>
  );
}
