import type { Metadata } from "next";
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { Button } from "@/components/ui";
import { currentUser } from "@/lib/auth/console-session";
import { loadConsentRequest } from "@/lib/mcp/oauth/consent";

export const metadata: Metadata = { title: "Connect an agent" };

const ROLE_NAMES: Record<string, string> = { admin: "Admin", member: "Member", reviewer: "Reviewer" };

/** Step two of an MCP client's OAuth authorization: the signed-in user picks a team and allows or denies. */
export default async function ConsentPage({ searchParams }: { searchParams: Promise<{ uid?: string; error?: string }> }) {
  const { uid = "", error } = await searchParams;
  const user = await currentUser();
  if (!user) redirect(`/sign-in?from=${encodeURIComponent(`/oauth/consent?uid=${encodeURIComponent(uid)}`)}`);
  const request = uid ? await loadConsentRequest(uid, user.id, await cookies()) : null;

  if (!request) {
    return (
      <>
        <h1 className="mb-2 text-lg font-semibold">This request has expired</h1>
        <p className="text-muted">
          The connection request is no longer valid, or it was started in another browser. Go back to your agent and connect again.
        </p>
      </>
    );
  }

  return (
    <form method="post" action="/oauth/consent/decision" className="flex flex-col gap-4">
      <input type="hidden" name="uid" value={request.uid} />
      <div>
        <h1 className="mb-1 text-lg font-semibold">Connect {request.clientName}?</h1>
        <p className="text-muted">
          Signed in as {user.email}. {request.clientName} will act as you through Quarry&apos;s MCP server: manage parsers and
          classifiers, upload and read documents, review and export — whatever your role in the team allows.
        </p>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs">
        <dt className="text-muted">Agent</dt>
        <dd className="break-all">{request.clientId}</dd>
        <dt className="text-muted">Returns to</dt>
        <dd className="break-all">{request.redirectHost}</dd>
        <dt className="text-muted">Access to</dt>
        <dd className="break-all">{request.resource}</dd>
      </dl>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 font-medium">Team the agent works in</legend>
        {request.teams.map((team, index) => (
          <label key={team.id} className="flex items-center gap-2">
            <input type="radio" name="teamId" value={team.id} defaultChecked={index === 0} required />
            <span>
              {team.name} <span className="text-muted">({ROLE_NAMES[team.role] ?? team.role})</span>
            </span>
          </label>
        ))}
      </fieldset>
      {error ? (
        <p role="alert" className="rounded-md bg-danger-soft px-3 py-2 text-danger">
          {error}
        </p>
      ) : null}
      <p className="text-xs text-muted">You can revoke the connection at any time under Settings → Connections.</p>
      <div className="flex justify-end gap-2">
        <Button type="submit" name="decision" value="deny" variant="secondary">
          Deny
        </Button>
        <Button type="submit" name="decision" value="allow">
          Allow access
        </Button>
      </div>
    </form>
  );
}
