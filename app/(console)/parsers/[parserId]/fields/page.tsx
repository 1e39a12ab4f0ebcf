import type { Metadata } from "next";
import { consoleApi } from "@/lib/console/api/console";
import { fieldOperations } from "@/lib/contracts/fields";
import { getMe, hasPermission } from "@/lib/console/me";
import { getParserOrNotFound } from "@/lib/console/parser";
import { reviewCheckOperations } from "@/lib/contracts/review-checks";
import { reviewOperations } from "@/lib/contracts/reviews";
import { fieldUses } from "@/components/fields/field-uses";
import { FieldsEditor } from "./_components/fields-editor";

export const metadata: Metadata = { title: "Fields" };

export default async function FieldsPage({ params }: { params: Promise<{ parserId: string }> }) {
  const { parserId } = await params;
  const [parser, me] = await Promise.all([getParserOrNotFound(parserId), getMe()]);
  const api = await consoleApi();
  // What reads each field (checks, stage conditions, splitting), for the warning before a rename or a delete.
  const [{ data: fields }, stages, checks] = await Promise.all([
    api.call(fieldOperations.list, { params: { parserId } }),
    hasPermission(me, "reviews.read") ? api.call(reviewOperations.listStages, { params: { parserId } }).then((list) => list.data, () => []) : Promise.resolve([]),
    hasPermission(me, "reviews.read") ? api.call(reviewCheckOperations.get, { params: { parserId } }).catch(() => ({ validationRules: [], rejectReasons: [] })) : Promise.resolve({ validationRules: [], rejectReasons: [] }),
  ]);
  const uses = fieldUses({ stages, checks, partitionKey: parser.settings.splitDocuments.mode === "partitionKey" ? (parser.settings.splitDocuments.partitionKey ?? null) : null });
  return <FieldsEditor parserId={parser.id} fields={fields} canWrite={hasPermission(me, "parsers.write")} uses={uses} />;
}
