import { Spinner } from "@/components/ui";

/** The workspace's frame while the document loads, so the layout does not jump when it arrives. */
export default function ReviewWorkspaceLoading() {
  return (
    <div className="flex h-[calc(100dvh-11.5rem)] min-h-[36rem] flex-col overflow-hidden rounded-lg border border-line bg-surface">
      <div className="h-11 border-b border-line" />
      <div className="flex min-h-0 flex-1">
        <div className="flex flex-1 items-center justify-center border-r border-line bg-subtle">
          <Spinner label="Loading the document" />
        </div>
        <div className="w-[26rem] shrink-0" />
      </div>
    </div>
  );
}
