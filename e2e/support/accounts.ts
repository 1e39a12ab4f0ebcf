import type { Role } from "@/lib/contracts/enums";

/**
 * The install's first admin: the first-run journey creates the team and this account on the empty install. The
 * other journeys never act as her; the crew fixture (e2e/support/crew.ts) signs in as her only to invite each
 * spec's own people.
 */
export const ADMIN = { team: "Initech", name: "Ada Lovelace", email: "ada@initech.test", password: "analytical-engine-1" };

/** The one team of the install (the product makes one team at setup; every spec's people join it). */
export const TEAM = ADMIN.team;

export type Person = { name: string; email: string; password: string; role: Role };

/**
 * Someone a spec brings with it: the crew fixture invites them into the team before the spec's first test. The
 * e-mail comes from the name, so two specs cannot share a person by accident (the second invitation fails:
 * already a member); names must differ too, as pickers list people by name.
 */
export function teamPerson(person: { name: string; role: Role }): Person {
  const handle = person.name.toLowerCase().replace(/[^a-z]+/g, ".");
  return { ...person, email: `${handle}@initech.test`, password: `${handle}-e2e-password` };
}
