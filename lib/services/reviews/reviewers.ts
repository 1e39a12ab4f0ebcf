import "server-only";
import { and, asc, eq, inArray } from "drizzle-orm";
import { ROLES } from "@/lib/contracts/enums";
import { memberships, users } from "@/lib/db/schema";
import { assertPermission, type ServiceContext } from "../context";
import { getParserInTeam } from "../parsers/internal";
import { canReview, type Person } from "./internal";

const REVIEWING_ROLES = ROLES.filter(canReview);

/** Team members who may review the parser's documents (the roles holding reviews.write), by name. */
export async function listReviewers(ctx: ServiceContext, parserId: string): Promise<Person[]> {
  assertPermission(ctx, "reviews.read");
  await getParserInTeam(ctx.db, { access: ctx, parserId });
  return ctx.db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.teamId, ctx.teamId), inArray(memberships.role, [...REVIEWING_ROLES])))
    .orderBy(asc(users.name), asc(users.email));
}
