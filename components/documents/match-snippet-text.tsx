import { splitByRanges, type MatchSnippet } from "@/lib/contracts/list-values";

const WHERE_LABELS: Record<string, string> = { name: "name", externalId: "external ID" };

/**
 * Where a search matched, the words marked. The document's text is only ever React text: a value holding markup
 * shows as characters, never as HTML.
 */
export function MatchSnippetText({ match }: { match: MatchSnippet }) {
  return (
    <span className="mt-0.5 block text-xs text-muted">
      <span>Matched in {WHERE_LABELS[match.where] ?? match.where}: </span>
      {splitByRanges(match.text, match.ranges).map((part, index) =>
        part.marked ? (
          <mark key={index} className="rounded-sm bg-warning-soft px-0.5 text-ink">
            {part.text}
          </mark>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </span>
  );
}
