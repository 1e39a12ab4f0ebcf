import type { Metadata } from "next";
import { Badge, Button, Card, CardContent, CardHeader, CardTitle, Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui";
import { consoleApi } from "@/lib/console/api/console";
import { learningOperations } from "@/lib/contracts/learning";
import { getMe, hasPermission } from "@/lib/console/me";
import { getParserOrNotFound } from "@/lib/console/parser";
import { forgetDocumentAction } from "./actions";
import { WeeklyChart } from "./_components/weekly-chart";

export const metadata: Metadata = { title: "Parser accuracy" };

const percent = (value: number | null) => (value === null ? "–" : `${Math.round(value * 1000) / 10} %`);

/** How often reviewers had to change the parser's values, and what the parser has learnt from them. */
export default async function ParserAccuracyPage({ params }: { params: Promise<{ parserId: string }> }) {
  const { parserId } = await params;
  const [parser, me] = await Promise.all([getParserOrNotFound(parserId), getMe()]);
  const api = await consoleApi();
  const [accuracy, memory] = await Promise.all([api.call(learningOperations.accuracy, { params: { parserId: parser.id } }), api.call(learningOperations.get, { params: { parserId: parser.id } })]);
  const mayForget = hasPermission(me, "documents.write");
  return (
    <div className="grid gap-4">
      <Card>
        <CardHeader>
          <CardTitle>Straight-through rate</CardTitle>
        </CardHeader>
        <CardContent>
          <p className="mb-3 text-sm" data-testid="straight-through">
            {accuracy.documents} approved documents, {accuracy.straightThrough} approved without a change ({percent(accuracy.straightThroughRate)}).
          </p>
          <WeeklyChart weeks={accuracy.weeks} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Fields</CardTitle>
        </CardHeader>
        <CardContent>
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Field</TableHead>
                <TableHead>Changed by reviewers</TableHead>
                <TableHead>Approved unchanged</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {accuracy.fields.map((field) => (
                <TableRow key={field.name}>
                  <TableCell>
                    {field.name} {accuracy.attention.fields.includes(field.name) ? <Badge tone="warning">needs attention</Badge> : null}
                  </TableCell>
                  <TableCell>
                    {field.changed} of {field.documents}
                  </TableCell>
                  <TableCell>{percent(field.accuracy)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {accuracy.attention.senders.length > 0 ? (
            <p className="mt-3 text-sm">
              Senders needing attention: {accuracy.attention.senders.map((sender) => `${sender.sender} (${sender.changed} of ${sender.documents} changed)`).join(", ")}
            </p>
          ) : null}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>What the parser has learnt</CardTitle>
        </CardHeader>
        <CardContent>
          {memory.examples.length === 0 ? (
            <p className="text-sm text-muted">Nothing yet: saving a correction or approving a document teaches the parser.</p>
          ) : (
            <ul className="grid gap-2 text-sm">
              {memory.examples.map((example) => (
                <li key={example.id} className="flex items-center gap-2" data-testid="taught-example">
                  <Badge>{example.taughtBy}</Badge>
                  <span>{example.sender ?? example.identifiers[0] ?? "unknown sender"}</span>
                  <span className="text-muted">{example.fields.join(", ")}</span>
                  {mayForget && example.documentId ? (
                    <form action={forgetDocumentAction.bind(null, parser.id, example.documentId)}>
                      <Button type="submit" variant="ghost" size="sm">
                        Forget this document
                      </Button>
                    </form>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
