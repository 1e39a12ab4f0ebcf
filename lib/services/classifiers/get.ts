import "server-only";
import { and, asc, eq, isNull } from "drizzle-orm";
import type { Classifier } from "@/lib/contracts/classifiers";
import { classifiers } from "@/lib/db/schema";
import { assertPermission, type ServiceContext } from "../context";
import { classifierCounts, getClassifierInTeam } from "./internal";
import { toClassifier } from "./to-classifier";

export async function getClassifier(ctx: ServiceContext, classifierId: string): Promise<Classifier> {
  assertPermission(ctx, "classifiers.read");
  const row = await getClassifierInTeam(ctx.db, { teamId: ctx.teamId, classifierId });
  return toClassifier(row, (await classifierCounts(ctx.db, [row.id])).get(row.id)!);
}

/** The team's classifiers (active and inactive: an inactive one still holds its documents), by name. */
export async function listClassifiers(ctx: ServiceContext): Promise<Classifier[]> {
  assertPermission(ctx, "classifiers.read");
  const rows = await ctx.db
    .select()
    .from(classifiers)
    .where(and(eq(classifiers.teamId, ctx.teamId), isNull(classifiers.deletedAt)))
    .orderBy(asc(classifiers.name), asc(classifiers.createdAt));
  const counts = await classifierCounts(ctx.db, rows.map((row) => row.id));
  return rows.map((row) => toClassifier(row, counts.get(row.id)!));
}
