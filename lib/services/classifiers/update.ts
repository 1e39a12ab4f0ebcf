import "server-only";
import { eq } from "drizzle-orm";
import type { Classifier, UpdateClassifier } from "@/lib/contracts/classifiers";
import type { ClassifierSettings } from "@/lib/contracts/parser-settings";
import { classifiers } from "@/lib/db/schema";
import { assertPermission, recordAudit, type ServiceContext } from "../context";
import { assertRoutingTargets, classifierCounts, getClassifierInTeam } from "./internal";
import { buildRouting } from "./rules";
import { toClassifier } from "./to-classifier";

/** PATCH: each group given replaces the stored one (routing whole, with rule ids kept where sent back). */
export async function updateClassifier(ctx: ServiceContext, { classifierId, input }: { classifierId: string; input: UpdateClassifier }): Promise<Classifier> {
  assertPermission(ctx, "classifiers.write");
  return ctx.db.transaction(async (tx) => {
    const before = await getClassifierInTeam(tx, { teamId: ctx.teamId, classifierId, forUpdate: true });
    const settings: ClassifierSettings = { ...before.settings };
    if (input.routing) {
      await assertRoutingTargets(tx, { teamId: ctx.teamId, routing: input.routing });
      settings.routing = buildRouting(input.routing, before.settings.routing.rules);
    }
    if (input.splitDocuments) settings.splitDocuments = input.splitDocuments;
    const [row] = await tx
      .update(classifiers)
      .set({
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.isActive !== undefined ? { isActive: input.isActive } : {}),
        ...(input.acceptedFileTypes !== undefined ? { acceptedFileTypes: [...new Set(input.acceptedFileTypes)] } : {}),
        settings,
      })
      .where(eq(classifiers.id, before.id))
      .returning();
    await recordAudit(tx, {
      ctx,
      action: "classifier.update",
      resourceType: "classifier",
      resourceId: before.id,
      before: { name: before.name, isActive: before.isActive, settings: before.settings },
      after: input,
    });
    return toClassifier(row!, (await classifierCounts(tx, [before.id])).get(before.id)!);
  });
}
