import Link from "next/link";
import { Badge, EmptyState, Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui";
import type { Classifier } from "@/lib/contracts/classifiers";
import { formatDate } from "@/lib/utils/format-date";

/** The team's classifiers with where their documents ended: routed, skipped, failed. */
export function ClassifiersTable({ classifiers, canWrite }: { classifiers: Classifier[]; canWrite: boolean }) {
  if (classifiers.length === 0) {
    return <EmptyState title="No classifiers yet" description={canWrite ? "Create a classifier, give it routing rules, and upload a mixed batch." : "An admin or member creates classifiers."} />;
  }
  return (
    <Table>
      <TableCaption srOnly>Classifiers</TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead>Name</TableHead>
          <TableHead>Rules</TableHead>
          <TableHead>Documents</TableHead>
          <TableHead>Routed</TableHead>
          <TableHead>Skipped</TableHead>
          <TableHead>Failed</TableHead>
          <TableHead>Created</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {classifiers.map((classifier) => (
          <TableRow key={classifier.id}>
            <TableCell>
              <Link href={`/classifiers/${classifier.id}`} className="font-medium text-accent hover:underline">
                {classifier.name}
              </Link>
              {!classifier.isActive ? (
                <Badge tone="warning" className="ml-2">
                  Inactive
                </Badge>
              ) : null}
              {classifier.description ? <p className="max-w-md truncate text-xs text-muted">{classifier.description}</p> : null}
            </TableCell>
            <TableCell className="max-w-48 truncate text-xs text-muted">{classifier.settings.routing.rules.map((rule) => rule.label).join(", ")}</TableCell>
            <TableCell>{classifier.counts.totalDocuments}</TableCell>
            <TableCell>{classifier.counts.routed}</TableCell>
            <TableCell>{classifier.counts.skipped}</TableCell>
            <TableCell>{classifier.counts.failed}</TableCell>
            <TableCell>{formatDate(classifier.createdAt)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
