import "server-only";
import type { ReviewStage } from "@/lib/contracts/reviews";
import { assertPermission, type ServiceContext } from "../context";
import { getParserInTeam } from "../parsers/internal";
import { findStage, loadStages, stageView, stageViews } from "./internal";

/** The parser's live stages in order, each with its reviewer and how many documents are at or before it. */
export async function listReviewStages(ctx: ServiceContext, parserId: string): Promise<ReviewStage[]> {
  assertPermission(ctx, "reviews.read");
  const parser = await getParserInTeam(ctx.db, { access: ctx, parserId });
  return stageViews(ctx.db, await loadStages(ctx.db, parser.id));
}

export async function getReviewStage(ctx: ServiceContext, { parserId, stageId }: { parserId: string; stageId: string }): Promise<ReviewStage> {
  assertPermission(ctx, "reviews.read");
  const parser = await getParserInTeam(ctx.db, { access: ctx, parserId });
  return stageView(ctx.db, findStage(await loadStages(ctx.db, parser.id), stageId));
}
