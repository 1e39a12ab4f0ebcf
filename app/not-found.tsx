import Link from "next/link";
import { buttonClasses } from "@/components/ui";

export default function NotFound() {
  return (
    <main className="mx-auto max-w-md p-12 text-center">
      <h1 className="text-lg font-semibold">Page not found</h1>
      <p className="mt-2 text-muted">The page does not exist, or it is not part of your team.</p>
      <Link href="/" className={buttonClasses({ variant: "secondary", className: "mt-6" })}>
        Go to the overview
      </Link>
    </main>
  );
}
