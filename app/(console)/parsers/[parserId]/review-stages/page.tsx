import type { Metadata } from "next";
import { ReviewStagesEditor } from "@/components/review-stages/review-stages-editor";
import { consoleApi } from "@/lib/console/api/console";
import { fieldOperations } from "@/lib/contracts/fields";
import { reviewOperations } from "@/lib/contracts/reviews";
import { getMe, hasPermission } from "@/lib/console/me";
import { getParserOrNotFound } from "@/lib/console/parser";
import { createStageAction, deleteStageAction, updateStageAction } from "./actions";

export const metadata: Metadata = { title: "Review stages" };

export default async function ReviewStagesPage({ params }: { params: Promise<{ parserId: string }> }) {
  const { parserId } = await params;
  const [parser, me] = await Promise.all([getParserOrNotFound(parserId), getMe()]);
  if (!hasPermission(me, "reviews.read")) {
    return <p className="text-muted">Your role in {me.team.name} cannot read review stages. Ask an admin of the team if you need access.</p>;
  }
  const canWrite = hasPermission(me, "parsers.write");
  const api = await consoleApi();
  // Reviewers and fields only feed the edit dialog, so read-only visitors skip those calls.
  const [{ data: stages }, reviewers, fields] = await Promise.all([
    api.call(reviewOperations.listStages, { params: { parserId: parser.id } }),
    canWrite ? api.call(reviewOperations.reviewers, { params: { parserId: parser.id } }).then((result) => result.data) : [],
    canWrite ? api.call(fieldOperations.list, { params: { parserId: parser.id } }).then((result) => result.data) : [],
  ]);
  return (
    <ReviewStagesEditor
      parserId={parser.id}
      stages={stages}
      reviewers={reviewers}
      // Rules compare one extracted value, so only top-level fields that are not tables can be checked.
      fieldNames={fields.filter((field) => field.type !== "table").map((field) => field.name)}
      actions={canWrite ? { create: createStageAction, update: updateStageAction, remove: deleteStageAction } : undefined}
    />
  );
}
