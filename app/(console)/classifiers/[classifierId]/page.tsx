import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { NotAllowed } from "@/components/console/not-allowed";
import { Badge, CopyButton } from "@/components/ui";
import { ApiError } from "@/lib/console/api/client";
import { consoleApi } from "@/lib/console/api/console";
import { CLASSIFIER_DOCUMENT_STATUSES, classifierOperations, type Classifier } from "@/lib/contracts/classifiers";
import { parserOperations } from "@/lib/contracts/parsers";
import { getMe, hasPermission } from "@/lib/console/me";
import { ClassifierDocuments } from "./_components/classifier-documents";
import { ClassifierSettingsForm } from "./_components/classifier-settings-form";

export const metadata: Metadata = { title: "Classifier" };

type SearchParams = { status?: string; page?: string };

export default async function ClassifierPage({ params, searchParams }: { params: Promise<{ classifierId: string }>; searchParams: Promise<SearchParams> }) {
  const [{ classifierId }, search, me, api] = await Promise.all([params, searchParams, getMe(), consoleApi()]);
  if (!hasPermission(me, "classifiers.read")) return <NotAllowed what="see classifiers" role={me.role} teamName={me.team.name} />;
  let classifier: Classifier;
  try {
    classifier = await api.call(classifierOperations.get, { params: { classifierId } });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) notFound();
    throw error;
  }
  const status = CLASSIFIER_DOCUMENT_STATUSES.find((value) => value === search.status);
  const page = Math.max(1, Number.parseInt(search.page ?? "1", 10) || 1);
  const canWrite = hasPermission(me, "classifiers.write");
  const [documents, parsers] = await Promise.all([
    api.call(classifierOperations.listDocuments, { params: { classifierId }, query: { status, page, limit: 50 } }),
    hasPermission(me, "parsers.read") ? api.call(parserOperations.list, { query: { includeArchived: "false" } }).then((result) => result.data) : [],
  ]);
  return (
    <>
      <p className="mb-1 text-xs text-muted">
        <Link href="/classifiers" className="hover:text-ink">
          Classifiers
        </Link>{" "}
        /
      </p>
      <div className="mb-2 flex items-center gap-2">
        <h1 className="text-xl font-semibold tracking-tight">{classifier.name}</h1>
        {!classifier.isActive ? <Badge tone="warning">Inactive</Badge> : null}
      </div>
      <p className="mb-6 flex items-center gap-1 text-xs text-muted">
        <span>
          Inbound e-mail: <span className="font-mono text-ink">{classifier.emailAddress}</span>
        </span>
        <CopyButton value={classifier.emailAddress} label="Copy e-mail address" />
        <span>Attachments of mail sent here are classified and routed like uploads.</span>
      </p>
      <ClassifierDocuments
        classifierId={classifier.id}
        counts={classifier.counts}
        documents={documents.data}
        pagination={documents.pagination}
        status={status}
        canUpload={hasPermission(me, "documents.write") && classifier.isActive}
      />
      <ClassifierSettingsForm classifier={classifier} parsers={parsers.map((parser) => ({ id: parser.id, name: parser.name }))} canWrite={canWrite} />
    </>
  );
}
