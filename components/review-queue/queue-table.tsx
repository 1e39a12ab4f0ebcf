import Link from "next/link";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui";
import type { ReviewQueueItem } from "@/lib/contracts/reviews";
import { stageProgress } from "./queue-view";
import { WaitingTime } from "./waiting-time";

/** The waiting documents, oldest first as the API orders them. */
export function QueueTable({ items }: { items: ReviewQueueItem[] }) {
  return (
    <Table>
      <TableCaption srOnly>Documents waiting for review, the longest waiting first</TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead>Document</TableHead>
          <TableHead>Parser</TableHead>
          <TableHead>Stage</TableHead>
          <TableHead>Assignee</TableHead>
          <TableHead>Waiting</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {items.map((item) => (
          <TableRow key={item.documentId}>
            <TableCell className="whitespace-nowrap">
              <Link href={`/parsers/${item.parser.id}/documents/${item.documentId}`} className="font-medium text-accent hover:underline">
                {item.name}
              </Link>
            </TableCell>
            <TableCell>{item.parser.name}</TableCell>
            <TableCell>{stageProgress(item.stage)}</TableCell>
            <TableCell className="whitespace-nowrap">{item.assignee ? item.assignee.name || item.assignee.email : <span className="text-muted">Unassigned</span>}</TableCell>
            <TableCell className="whitespace-nowrap">
              <WaitingTime seconds={item.waitingSeconds} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
