import type { ParserSettings } from "@/lib/contracts/parser-settings";

export type SenderFilter = ParserSettings["emailParsing"]["senderFilter"];

/**
 * Whether a parser's sender filter lets this sender's mail in. `allow` keeps only matching senders, `deny` keeps
 * all but them, `disabled` keeps everyone. An `email` rule matches one address; a `domain` rule matches that
 * domain only, not its subdomains, so `supplier.com` does not let `mail.supplier.com.evil.net` or
 * `x.supplier.com` in by accident. With `allow`, a message without a sender address is refused: nothing matches it.
 */
export function senderAllowed(sender: string | null, filter: SenderFilter): boolean {
  // No rules means no filter, as the extraction engine reads it too: both must agree, or mail let in here would
  // fail later as a filtered sender.
  if (filter.mode === "disabled" || filter.rules.length === 0) return true;
  const address = sender?.trim().toLowerCase() ?? "";
  const domain = address.includes("@") ? address.slice(address.lastIndexOf("@") + 1) : "";
  const matches =
    address !== "" &&
    filter.rules.some((rule) => {
      const value = rule.value.trim().toLowerCase();
      return rule.type === "email" ? address === value : domain === value.replace(/^@/, "");
    });
  return filter.mode === "allow" ? matches : !matches;
}
