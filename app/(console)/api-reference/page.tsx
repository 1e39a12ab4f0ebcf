import type { Metadata } from "next";
import { Badge, PageHeader } from "@/components/ui";
import { fetchOpenApi, groupOperations, type ApiReferenceOperation } from "@/lib/console/openapi-reference";

export const metadata: Metadata = { title: "API reference" };

const METHOD_TONE = { get: "accent", post: "success", patch: "warning", put: "warning", delete: "danger" } as const;

export default async function ApiReferencePage() {
  const document = await fetchOpenApi();
  const groups = groupOperations(document);
  return (
    <>
      <PageHeader
        title="API reference"
        description={`${document.info.description} Base URL: ${document.servers[0]?.url ?? ""}. The machine-readable document is at /api/v1/openapi.json.`}
      />
      <div className="flex gap-8">
        <nav aria-label="API sections" className="sticky top-8 hidden w-44 shrink-0 self-start lg:block">
          <ul className="flex flex-col gap-1">
            {groups.map((group) => (
              <li key={group.tag}>
                <a href={`#${group.anchor}`} className="text-muted hover:text-ink">
                  {group.tag}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex min-w-0 flex-1 flex-col gap-10">
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
      {operation.description ? <p className="mt-2 text-muted">{operation.description}</p> : null}
      {operation.permission ? (
        <p className="mt-2 text-xs">
          Needs permission <code className="font-mono">{operation.permission}</code>
        </p>
      ) : null}
      {operation.parameters.length > 0 ? (
        <table className="mt-3 w-full text-left text-xs">
          <caption className="sr-only">Parameters</caption>
          <thead>
            <tr className="text-muted">
              <th scope="col" className="py-1 font-medium">
                Parameter
              </th>
              <th scope="col" className="py-1 font-medium">
                In
              </th>
              <th scope="col" className="py-1 font-medium">
                Type
              </th>
              <th scope="col" className="py-1 font-medium">
                Required
              </th>
            </tr>
          </thead>
          <tbody>
            {operation.parameters.map((parameter) => (
              <tr key={`${parameter.in}-${parameter.name}`} className="border-t border-line">
                <td className="py-1 font-mono">{parameter.name}</td>
                <td className="py-1">{parameter.in}</td>
                <td className="py-1">{parameter.type}</td>
                <td className="py-1">{parameter.required ? "yes" : "no"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {operation.requestSchema ? (
        <details className="mt-3">
          <summary className="cursor-pointer text-xs font-medium">Request body</summary>
          <pre className="mt-2 max-h-80 overflow-auto rounded-md bg-subtle p-3 font-mono text-xs">{operation.requestSchema}</pre>
        </details>
      ) : null}
      <p className="mt-3 text-xs text-muted">Responses: {operation.responses.join(", ")}</p>
    </article>
  );
}
