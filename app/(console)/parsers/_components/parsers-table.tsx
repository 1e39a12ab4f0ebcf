"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useMemo, useState, useTransition } from "react";
import { Badge, Button, ConfirmDialog, EmptyState, Input, Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow, useToast } from "@/components/ui";
import type { Parser } from "@/lib/contracts/parsers";
import { formatDate } from "@/lib/utils/format-date";
import { duplicateParserAction, setParserActiveAction } from "../actions";

export function ParsersTable({ parsers, canWrite, showArchived }: { parsers: Parser[]; canWrite: boolean; showArchived: boolean }) {
  const router = useRouter();
  const { toast } = useToast();
  const [query, setQuery] = useState("");
  const [archiving, setArchiving] = useState<Parser | null>(null);
  const [pending, startTransition] = useTransition();
  // Flips at once; the list follows when the navigation lands.
  const [archivedShown, setArchivedShown] = useState(showArchived);
  const visible = useMemo(() => {
    const needle = query.trim().toLowerCase();
    return needle ? parsers.filter((parser) => parser.name.toLowerCase().includes(needle)) : parsers;
  }, [parsers, query]);

  function duplicate(parser: Parser) {
    startTransition(async () => {
      const result = await duplicateParserAction(parser.id);
      if (result.ok) toast({ title: "Parser duplicated", description: `“${result.data.name}” has the same fields and settings, and no documents.`, tone: "success" });
      else toast({ title: "Could not duplicate", description: result.error.message, tone: "error" });
    });
  }

  function restore(parser: Parser) {
    startTransition(async () => {
      const result = await setParserActiveAction(parser.id, true);
      if (result.ok) toast({ title: `“${parser.name}” restored`, tone: "success" });
      else toast({ title: "Could not restore", description: result.error.message, tone: "error" });
    });
  }

  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-center justify-between gap-4">
        <Input type="search" aria-label="Search parsers by name" placeholder="Search by name…" value={query} onChange={(event) => setQuery(event.target.value)} className="max-w-xs" />
        <label className="flex items-center gap-2 text-muted">
          <input
            type="checkbox"
            checked={archivedShown}
            onChange={(event) => {
              setArchivedShown(event.target.checked);
              router.push(event.target.checked ? "/parsers?archived=1" : "/parsers");
            }}
          />
          Show archived
        </label>
      </div>
      {parsers.length === 0 ? (
        <EmptyState title="No parsers yet" description={canWrite ? "Create a parser, give it fields, and start sending documents." : "An admin or member creates parsers."} />
      ) : visible.length === 0 ? (
        <EmptyState title="No parser matches" description={`Nothing is named like “${query}”.`} />
      ) : (
        <Table>
          <TableCaption srOnly>Parsers</TableCaption>
          <TableHeader>
            <TableRow>
              <TableHead>Name</TableHead>
              <TableHead>Documents</TableHead>
              <TableHead>Folders</TableHead>
              <TableHead>File types</TableHead>
              <TableHead>Created</TableHead>
              {canWrite ? (
                <TableHead>
                  <span className="sr-only">Actions</span>
                </TableHead>
              ) : null}
            </TableRow>
          </TableHeader>
          <TableBody>
            {visible.map((parser) => (
              <TableRow key={parser.id}>
                <TableCell>
                  <Link href={`/parsers/${parser.id}/documents`} className="font-medium text-accent hover:underline">
                    {parser.name}
                  </Link>
                  {!parser.isActive ? (
                    <Badge tone="warning" className="ml-2">
                      Archived
                    </Badge>
                  ) : null}
                  {parser.description ? <p className="max-w-md truncate text-xs text-muted">{parser.description}</p> : null}
                </TableCell>
                <TableCell>{parser.counts.totalDocuments}</TableCell>
                <TableCell>{parser.counts.folders}</TableCell>
                <TableCell className="max-w-48 truncate text-xs text-muted">{parser.acceptedFileTypes.map((type) => type.label).join(", ")}</TableCell>
                <TableCell>{formatDate(parser.createdAt)}</TableCell>
                {canWrite ? (
                  <TableCell className="whitespace-nowrap text-right">
                    <Button variant="ghost" size="sm" disabled={pending} onClick={() => duplicate(parser)} aria-label={`Duplicate ${parser.name}`}>
                      Duplicate
                    </Button>
                    {parser.isActive ? (
                      <Button variant="ghost" size="sm" onClick={() => setArchiving(parser)} aria-label={`Archive ${parser.name}`}>
                        Archive
                      </Button>
                    ) : (
                      <Button variant="ghost" size="sm" disabled={pending} onClick={() => restore(parser)} aria-label={`Restore ${parser.name}`}>
                        Restore
                      </Button>
                    )}
                  </TableCell>
                ) : null}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <ConfirmDialog
        open={archiving !== null}
        onOpenChange={(open) => !open && setArchiving(null)}
        title={`Archive “${archiving?.name ?? ""}”?`}
        description="It leaves the parser list and stops taking uploads. Its documents and data are kept, and you can restore it from “Show archived”."
        confirmLabel="Archive parser"
        onConfirm={async () => {
          if (!archiving) return;
          const result = await setParserActiveAction(archiving.id, false);
          if (!result.ok) throw new Error(result.error.message);
          toast({ title: `“${archiving.name}” archived`, tone: "success" });
          setArchiving(null);
        }}
      />
    </div>
  );
}
