import "server-only";
import { randomBytes } from "node:crypto";
import type { Classifier, CreateClassifier } from "@/lib/contracts/classifiers";
import { DEFAULT_PARSER_SETTINGS } from "@/lib/contracts/parser-settings";
import { classifiers } from "@/lib/db/schema";
import { assertPermission, recordAudit, type ServiceContext } from "../context";
import { slugify } from "../teams";
import { assertRoutingTargets, typesTargetsAccept } from "./internal";
import { buildRouting } from "./rules";
import { classifierEmailAddress, toClassifier } from "./to-classifier";

/**
 * A new classifier: its routing checked against the team's active parsers, rule ids and a mailbox assigned. Without
 * `acceptedFileTypes` it accepts every type one of its target parsers accepts (taken at creation).
 */
export async function createClassifier(ctx: ServiceContext, input: CreateClassifier): Promise<Classifier> {
  assertPermission(ctx, "classifiers.write");
  return ctx.db.transaction(async (tx) => {
    await assertRoutingTargets(tx, { teamId: ctx.teamId, routing: input.routing });
    const slug = `${slugify(input.name)}-${randomBytes(3).toString("hex")}`;
    const [row] = await tx
      .insert(classifiers)
      .values({
        teamId: ctx.teamId,
        name: input.name,
        slug,
        description: input.description ?? "",
        isActive: input.isActive ?? true,
        emailAddress: classifierEmailAddress(slug),
        acceptedFileTypes: input.acceptedFileTypes ? [...new Set(input.acceptedFileTypes)] : await typesTargetsAccept(tx, { teamId: ctx.teamId, routing: input.routing }),
        settings: { routing: buildRouting(input.routing), splitDocuments: input.splitDocuments ?? DEFAULT_PARSER_SETTINGS.splitDocuments },
      })
      .returning();
    await recordAudit(tx, { ctx, action: "classifier.create", resourceType: "classifier", resourceId: row!.id, after: { name: row!.name, settings: row!.settings } });
    return toClassifier(row!, { totalDocuments: 0, routed: 0, skipped: 0, failed: 0 });
  });
}
