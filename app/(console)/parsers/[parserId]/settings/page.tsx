import type { Metadata } from "next";
import { NotAllowed } from "@/components/console/not-allowed";
import { consoleApi } from "@/lib/console/api/console";
import { fieldOperations, type Field } from "@/lib/contracts/fields";
import { getMe, hasPermission } from "@/lib/console/me";
import { getParserOrNotFound } from "@/lib/console/parser";
import { SettingsForm } from "./_components/settings-form";

export const metadata: Metadata = { title: "Parser settings" };

/** Dotted paths of every non-table field (`invoiceNumber`, `items.sku`), for the split-by-field choice. */
function fieldPaths(fields: Field[], prefix = ""): string[] {
  return fields.flatMap((field) => (field.type === "table" ? fieldPaths(field.columns ?? [], `${prefix}${field.name}.`) : [`${prefix}${field.name}`]));
}

export default async function ParserSettingsPage({ params }: { params: Promise<{ parserId: string }> }) {
  const { parserId } = await params;
  const [parser, me] = await Promise.all([getParserOrNotFound(parserId), getMe()]);
  if (!hasPermission(me, "parsers.write")) return <NotAllowed what="change parser settings" role={me.role} teamName={me.team.name} />;
  const { data: fields } = await (await consoleApi()).call(fieldOperations.list, { params: { parserId } });
  return <SettingsForm key={parser.updatedAt} parser={parser} fieldPaths={fieldPaths(fields)} />;
}
