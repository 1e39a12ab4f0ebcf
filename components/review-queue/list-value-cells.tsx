import type { ListValue } from "@/lib/contracts/list-values";

/** The chosen values of one row as "field value" pairs, when the rows come from several parsers. */
export function ListValuesInline({ values }: { values: ListValue[] }) {
  if (values.length === 0) return <span className="text-muted">–</span>;
  return (
    <dl className="flex flex-wrap gap-x-3 gap-y-0.5">
      {values.map((item) => (
        <div key={item.field} className="flex min-w-0 gap-1">
          <dt className="text-muted">{item.field}</dt>
          <dd className="truncate font-medium" title={item.value ?? undefined}>
            {item.value ?? <span className="font-normal text-muted">empty</span>}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** One chosen value in a column of its own (all rows of one parser). */
export function ListValueText({ value }: { value: string | null | undefined }) {
  if (value === null || value === undefined) return <span className="text-muted">–</span>;
  return (
    <span className="block max-w-[14rem] truncate" title={value}>
      {value}
    </span>
  );
}
