import type { ColumnRole } from "./column-roles";
import type { TypedRow } from "./typed-cells";

/** Money compares to the cent. */
const CENT = 0.006;

/**
 * The running balance check of a statement: the balance before a row (the row above, or an opening or
 * brought-forward balance read between rows) plus its amount (money in less money out) is its balance. A row that
 * holds gets arithmetic 1 on its money cells, a row that breaks it -1 (they are capped in review); without a balance
 * before it or a balance of its own, nothing is said. An amount printed without its sign whose negative makes the
 * balance hold is money out, and takes the sign.
 */
export function balanceChecks(rows: TypedRow[], roles: ColumnRole[], balances: Array<{ after: number; value: number }>): void {
  const name = (role: string) => roles.find((r) => r.role === role)?.name;
  const balance = name("balance");
  if (!balance) return;
  const amount = name("amount");
  const debit = name("debit");
  const credit = name("credit");
  if (!amount && !debit && !credit) return;
  let previous: number | null = null;
  rows.forEach((r, i) => {
    const read = balances.filter((b) => b.after === i);
    if (read.length > 0) previous = read[read.length - 1]!.value;
    const own = r.row[balance];
    if (typeof own !== "number") {
      previous = null;
      return;
    }
    const num = (n: string | undefined) => (n && typeof r.row[n] === "number" ? (r.row[n] as number) : null);
    const a = num(amount);
    const delta = a ?? (num(credit) ?? 0) - (num(debit) ?? 0);
    const hasDelta = a !== null || num(credit) !== null || num(debit) !== null;
    if (previous !== null && hasDelta) {
      let ok = Math.abs(previous + delta - own) < CENT;
      if (!ok && amount && a !== null && a > 0 && Math.abs(previous - a - own) < CENT) {
        r.row[amount] = -a;
        ok = true;
      }
      // The check vouches for the row's money, not for its date or text.
      for (const n of [amount, debit, credit, balance]) {
        const cell = n ? r.meta[n] : undefined;
        if (cell?.evidence) cell.evidence.arithmetic = ok ? 1 : -1;
      }
    }
    previous = own;
  });
}
