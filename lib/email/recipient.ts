/**
 * The parser slug a recipient address names, or null when the address is not ours. Mailboxes are
 * `<slug>@<inbound domain>`; a `+tag` after the slug is ignored so senders can label mail (`invoices-3f9a1c+acme@…`)
 * without a new mailbox. Both halves compare case-insensitively: mail systems change the case of addresses.
 */
export function recipientSlug(address: string, inboundDomain: string): string | null {
  const trimmed = address.trim().replace(/^<|>$/g, "").toLowerCase();
  const at = trimmed.lastIndexOf("@");
  if (at <= 0) return null;
  const domain = trimmed.slice(at + 1).replace(/\.$/, ""); // a trailing root dot names the same domain
  if (domain !== inboundDomain.trim().toLowerCase()) return null;
  const slug = trimmed.slice(0, at).split("+")[0] ?? "";
  // Slugs are what slugify makes (a-z, 0-9, dashes); anything else cannot be a parser's mailbox.
  return /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug) ? slug : null;
}
