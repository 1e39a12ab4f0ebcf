import type { Metadata } from "next";
import { Badge, CopyButton, PageHeader } from "@/components/ui";
import { apiBaseUrl, fetchOpenApi, groupOperations, webhookEvents, type ApiReferenceOperation, type BodyView, type WebhookEventView } from "@/lib/console/openapi-reference";
import { QUICKSTART_CURL } from "@/lib/console/quickstart-curl";

export const metadata: Metadata = { title: "API reference" };

const METHOD_TONE = { get: "accent", post: "success", patch: "warning", put: "warning", delete: "danger" } as const;

export default async function ApiReferencePage() {
  const document = await fetchOpenApi();
  const groups = groupOperations(document);
  const events = webhookEvents(document);
  const baseUrl = apiBaseUrl(document);
  return (
    <>
      <PageHeader title="API reference" description={`${document.info.description} Base URL: ${baseUrl}. The machine-readable document is at /api/v1/openapi.json.`} />
      <div className="flex gap-8">
        <nav aria-label="API sections" className="sticky top-8 hidden w-44 shrink-0 self-start lg:block">
          <ul className="flex flex-col gap-1">
            <li>
              <a href="#quickstart" className="text-muted hover:text-ink">
                Quickstart
              </a>
            </li>
            {groups.map((group) => (
              <li key={group.tag}>
                <a href={`#${group.anchor}`} className="text-muted hover:text-ink">
                  {group.tag}
                </a>
              </li>
            ))}
            {events.length > 0 ? (
              <li>
                <a href="#webhook-events" className="text-muted hover:text-ink">
                  Webhook events
                </a>
              </li>
            ) : null}
          </ul>
        </nav>
        <div className="flex min-w-0 flex-1 flex-col gap-10">
          <section aria-labelledby="quickstart">
            <h2 id="quickstart" className="mb-3 text-base font-semibold">
              Quickstart
            </h2>
            <p className="mb-2 text-muted">
              With <code className="font-mono">QUARRY_URL</code> set to this deployment&apos;s address and <code className="font-mono">QUARRY_KEY</code> to an API key: create a
              parser, upload a PDF, wait for the result, read its data and export CSV. Keep each upload result&apos;s <code className="font-mono">documentId</code> (the same
              as its <code className="font-mono">id</code>); <code className="font-mono">operationName</code> names the extraction job and no route takes it. A TypeScript
              version with a generated client, and webhook verification, are in the API docs (docs/api.md).
            </p>
            <div className="relative">
              <CopyButton value={QUICKSTART_CURL} label="Copy the quickstart" className="absolute right-2 top-2" />
              {/* A scrolling region must be reachable by keyboard (axe: scrollable-region-focusable). */}
              <pre tabIndex={0} aria-label="Quickstart with curl" className="max-h-96 overflow-auto rounded-md bg-subtle p-3 font-mono text-xs focus-visible:outline-2">
                {QUICKSTART_CURL}
              </pre>
            </div>
          </section>
          {groups.map((group) => (
            <section key={group.tag} aria-labelledby={group.anchor}>
              <h2 id={group.anchor} className="mb-3 text-base font-semibold">
                {group.tag}
              </h2>
              <div className="flex flex-col gap-4">
                {group.operations.map((operation) => (
                  <OperationCard key={operation.operationId} operation={operation} />
                ))}
              </div>
            </section>
          ))}
          {events.length > 0 ? (
            <section aria-labelledby="webhook-events">
              <h2 id="webhook-events" className="mb-3 text-base font-semibold">
                Webhook events
              </h2>
              <p className="mb-3 text-muted">
                What Quarry POSTs to a webhook endpoint for each event, signed per Standard Webhooks: verify <code className="font-mono">webhook-signature</code> over the raw
                body with the endpoint&apos;s <code className="font-mono">whsec_</code> secret before trusting it. Any 2xx acknowledges a delivery; anything else, a
                timeout (10 s) or a redirect is retried.
              </p>
              <div className="flex flex-col gap-4">
                {events.map((event) => (
                  <WebhookCard key={event.event} event={event} />
                ))}
              </div>
            </section>
          ) : null}
        </div>
      </div>
    </>
  );
}

function OperationCard({ operation }: { operation: ApiReferenceOperation }) {
  return (
    <article className="rounded-lg border border-line bg-surface p-4" aria-labelledby={`op-${operation.operationId}`}>
      <h3 id={`op-${operation.operationId}`} className="flex flex-wrap items-center gap-2 font-medium">
        <Badge tone={METHOD_TONE[operation.method]}>{operation.method.toUpperCase()}</Badge>
        <code className="font-mono text-sm">/api/v1{operation.path}</code>
        <span className="text-muted">— {operation.summary}</span>
      </h3>
      {operation.description ? <p className="mt-2 whitespace-pre-line text-muted">{operation.description}</p> : null}
      {operation.permission ? (
        <p className="mt-2 text-xs">
          Needs permission <code className="font-mono">{operation.permission}</code>
        </p>
      ) : null}
      {operation.parameters.length > 0 ? (
        <FieldTable
          caption="Parameters"
          columns={["Parameter", "In", "Type", "Required", "Description"]}
          rows={operation.parameters.map((parameter) => ({
            key: `${parameter.in}-${parameter.name}`,
            cells: [parameter.name, parameter.in, parameter.type, parameter.required ? "yes" : "no", parameter.description],
          }))}
        />
      ) : null}
      {operation.requestBodies.map((body) => (
        <BodyTable key={body.contentType} title={body.contentType.startsWith("multipart/") ? "Request parts" : "Request body"} body={body} />
      ))}
      <details className="mt-3">
        <summary className="cursor-pointer text-xs font-medium">Responses: {operation.responses.map((response) => response.status).join(", ")}</summary>
        <div className="mt-2 flex flex-col gap-2">
          {operation.responses.map((response) => (
            <div key={response.status}>
              <p className="text-xs">
                <span className="font-mono font-medium">{response.status}</span> {response.description}
              </p>
              {response.bodies.map((body) =>
                body.rows.length > 0 && !response.status.startsWith("4") ? <BodyTable key={body.contentType} title={`${response.status} body`} body={body} /> : <BodyLine key={body.contentType} body={body} />,
              )}
            </div>
          ))}
        </div>
      </details>
    </article>
  );
}

function WebhookCard({ event }: { event: WebhookEventView }) {
  return (
    <article className="rounded-lg border border-line bg-surface p-4" aria-labelledby={`event-${event.event}`}>
      <h3 id={`event-${event.event}`} className="flex flex-wrap items-center gap-2 font-medium">
        <Badge tone="success">POST</Badge>
        <code className="font-mono text-sm">{event.event}</code>
        <span className="text-muted">— {event.summary}</span>
      </h3>
      {event.headers.length > 0 ? (
        <FieldTable caption="Headers" columns={["Header", "Description"]} rows={event.headers.map((header) => ({ key: header.name, cells: [header.name, header.description] }))} />
      ) : null}
      {event.body ? <BodyTable title="Body" body={event.body} /> : null}
    </article>
  );
}

function BodyLine({ body }: { body: BodyView }) {
  return (
    <p className="mt-1 text-xs text-muted">
      <code className="font-mono">{body.contentType}</code>: {body.schemaName ?? body.type}
    </p>
  );
}

function BodyTable({ title, body }: { title: string; body: BodyView }) {
  if (body.rows.length === 0) return <BodyLine body={body} />;
  return (
    <FieldTable
      caption={`${title} (${body.contentType}${body.schemaName ? `, ${body.schemaName}` : ""})`}
      visibleCaption
      columns={["Field", "Type", "Required", "Description"]}
      rows={body.rows.map((row) => ({
        key: row.name,
        cells: [row.name, row.type, row.required ? "yes" : "no", row.deprecated ? `Deprecated. ${row.description}` : row.description],
      }))}
    />
  );
}

function FieldTable({ caption, columns, rows, visibleCaption = false }: { caption: string; columns: string[]; rows: { key: string; cells: string[] }[]; visibleCaption?: boolean }) {
  return (
    <table className="mt-3 w-full text-left text-xs">
      <caption className={visibleCaption ? "mb-1 text-left font-medium" : "sr-only"}>{caption}</caption>
      <thead>
        <tr className="text-muted">
          {columns.map((column) => (
            <th key={column} scope="col" className="py-1 pr-3 font-medium">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key} className="border-t border-line align-top">
            {row.cells.map((cell, index) => (
              <td key={index} className={index === 0 ? "py-1 pr-3 font-mono" : "py-1 pr-3"}>
                {cell}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
