import type { Metadata } from "next";
import { consoleApi } from "@/lib/api-client/console";
import { fieldOperations } from "@/lib/contracts/fields";
import { getMe, hasPermission } from "@/lib/console/me";
import { getParserOrNotFound } from "@/lib/console/parser";
import { FieldsEditor } from "./_components/fields-editor";

export const metadata: Metadata = { title: "Fields" };

export default async function FieldsPage({ params }: { params: Promise<{ parserId: string }> }) {
  const { parserId } = await params;
  const [parser, me] = await Promise.all([getParserOrNotFound(parserId), getMe()]);
  const { data: fields } = await (await consoleApi()).call(fieldOperations.list, { params: { parserId } });
  return <FieldsEditor parserId={parser.id} fields={fields} canWrite={hasPermission(me, "parsers.write")} />;
}
