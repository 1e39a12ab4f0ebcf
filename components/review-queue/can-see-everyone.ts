import type { Me } from "@/lib/contracts/session";

/**
 * Who may look past their own queue (unassigned documents, everyone's): the people who set up parsers and their
 * stages (admins, members). Reviewers work from their own queue. The API applies its own rules either way.
 */
export function canSeeEveryone(me: Pick<Me, "permissions">): boolean {
  return me.permissions.includes("parsers.write");
}
