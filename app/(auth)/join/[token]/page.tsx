import type { Metadata } from "next";
import Link from "next/link";
import { fetchJoinPreview } from "@/lib/console/api/join";
import { JoinForm } from "./join-form";

export const metadata: Metadata = { title: "Join a team", referrer: "no-referrer" };

/**
 * An invitation link. Someone new chooses a password here and joins; someone with an account signs in and accepts
 * under Invitations. The page is the same either way: it does not know, and does not say, whether the e-mail has one.
 */
export default async function JoinPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const preview = await fetchJoinPreview(token);
  if (!preview) {
    return (
      <>
        <h1 className="mb-1 text-lg font-semibold">Invitation not found</h1>
        <p className="text-muted">This link was cancelled, already used or has expired. Ask the team&apos;s admin for a new one.</p>
      </>
    );
  }
  return (
    <>
      <h1 className="mb-1 text-lg font-semibold">Join {preview.team.name}</h1>
      <p className="mb-5 text-muted">
        You are invited as <strong>{preview.role}</strong> with the e-mail <strong>{preview.email}</strong>.
      </p>
      <p className="mb-5">
        Already have a Quarry account?{" "}
        <Link href="/sign-in?from=%2Finvitations" className="font-medium underline">
          Sign in and accept the invitation
        </Link>{" "}
        under Invitations. If your account came from another team&apos;s invitation link, confirm your address there first.
      </p>
      <h2 className="mb-3 font-medium">New to Quarry? Choose your password</h2>
      <JoinForm token={token} />
    </>
  );
}
