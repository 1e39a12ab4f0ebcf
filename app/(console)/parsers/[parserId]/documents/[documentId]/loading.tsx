import { Spinner } from "@/components/ui";

/** The workspace's frame while the document loads, so the layout does not jump when it arrives. */
export default function ReviewWorkspaceLoading() {
  return (
    <div className="flex min-h-[60vh] flex-1 flex-col overflow-hidden bg-surface">
      <div className="h-11 border-b border-line" />
      <div className="flex min-h-0 flex-1">
        <div className="flex flex-1 items-center justify-center border-r border-line bg-subtle">
          <Spinner label="Loading the document" />
        </div>
        <div className="hidden w-[42%] shrink-0 md:block" />
      </div>
    </div>
  );
}
