import type { Metadata } from "next";
import { NotAllowed } from "@/components/console/not-allowed";
import { PageHeader } from "@/components/ui";
import { consoleApi } from "@/lib/console/api/console";
import { classifierOperations } from "@/lib/contracts/classifiers";
import { parserOperations } from "@/lib/contracts/parsers";
import { getMe, hasPermission } from "@/lib/console/me";
import { ClassifierCreateDialog } from "./_components/classifier-create-dialog";
import { ClassifiersTable } from "./_components/classifiers-table";

export const metadata: Metadata = { title: "Classifiers" };

export default async function ClassifiersPage() {
  const me = await getMe();
  if (!hasPermission(me, "classifiers.read")) return <NotAllowed what="see classifiers" role={me.role} teamName={me.team.name} />;
  const api = await consoleApi();
  const canWrite = hasPermission(me, "classifiers.write");
  const [{ data: classifiers }, parsers] = await Promise.all([
    api.call(classifierOperations.list, {}),
    canWrite && hasPermission(me, "parsers.read") ? api.call(parserOperations.list, { query: { includeArchived: "false" } }).then((result) => result.data) : [],
  ]);
  return (
    <>
      <PageHeader
        title="Classifiers"
        description="A classifier sorts a mixed batch: it decides each document's type and sends it to the parser that extracts that type."
        actions={canWrite ? <ClassifierCreateDialog parsers={parsers.map((parser) => ({ id: parser.id, name: parser.name }))} /> : null}
      />
      <ClassifiersTable classifiers={classifiers} canWrite={canWrite} />
    </>
  );
}
