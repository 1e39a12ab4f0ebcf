import Link from "next/link";
import { buttonClasses } from "@/components/ui";

/** Shown instead of a page the user's role may not use. The API refuses the actions too; this is courtesy. */
export function NotAllowed({ what, role, teamName }: { what: string; role: string | null; teamName: string }) {
  return (
    <section aria-labelledby="not-allowed-title" className="mx-auto max-w-lg rounded-lg border border-line bg-surface p-8 text-center">
      <h1 id="not-allowed-title" className="text-lg font-semibold">
        Not allowed
      </h1>
      <p className="mt-2 text-muted">
        Your role in {teamName} ({role ?? "none"}) cannot {what}. Ask an admin of the team if you need access.
      </p>
      <Link href="/" className={buttonClasses({ variant: "secondary", className: "mt-6" })}>
        Back to overview
      </Link>
    </section>
  );
}
