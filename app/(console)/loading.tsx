import { Spinner } from "@/components/ui";

export default function Loading() {
  return (
    <div className="flex items-center gap-2 py-12 text-muted">
      <Spinner label={null} /> Loading…
    </div>
  );
}
