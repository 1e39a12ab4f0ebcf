import type { Metadata } from "next";
import { NotAllowed } from "@/components/console/not-allowed";
import { PageHeader } from "@/components/ui";
import { consoleApi } from "@/lib/console/api/console";
import { parserOperations } from "@/lib/contracts/parsers";
import { getMe, hasPermission } from "@/lib/console/me";
import { ParserCreateDialog } from "./_components/parser-create-dialog";
import { ParsersTable } from "./_components/parsers-table";

export const metadata: Metadata = { title: "Parsers" };

export default async function ParsersPage({ searchParams }: { searchParams: Promise<{ archived?: string }> }) {
  const me = await getMe();
  if (!hasPermission(me, "parsers.read")) return <NotAllowed what="see parsers" role={me.role} teamName={me.team.name} />;
  const showArchived = (await searchParams).archived === "1";
  const { data: parsers } = await (await consoleApi()).call(parserOperations.list, { query: { includeArchived: showArchived ? "true" : "false" } });
  const canWrite = hasPermission(me, "parsers.write");
  return (
    <>
      <PageHeader
        title="Parsers"
        description="A parser holds the fields to extract and how to read documents. Upload documents to a parser to get their data."
        actions={canWrite ? <ParserCreateDialog /> : null}
      />
      <ParsersTable parsers={parsers} canWrite={canWrite} showArchived={showArchived} />
    </>
  );
}
