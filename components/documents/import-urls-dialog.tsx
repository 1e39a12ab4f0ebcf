"use client";

import { useState, type FormEvent } from "react";
import { Button, Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger, FormField, Textarea } from "@/components/ui";

/** Paste up to 20 public URLs, one per line; the server downloads them safely and queues them together. */
export function ImportUrlsDialog({ onImport }: { onImport: (urls: string[]) => Promise<{ ok: true } | { ok: false; message: string }> }) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const urls = text.split(/\s+/).map((url) => url.trim()).filter(Boolean);
    if (urls.length === 0) return setError("Paste at least one URL");
    if (urls.length > 20) return setError(`At most 20 URLs at a time (you have ${urls.length})`);
    setBusy(true);
    setError(null);
    const result = await onImport(urls);
    setBusy(false);
    if (result.ok) {
      setOpen(false);
      setText("");
    } else setError(result.message);
  }

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm" variant="secondary">
          Import from URLs
        </Button>
      </DialogTrigger>
      <DialogContent size="md">
        <form onSubmit={submit} className="flex flex-col gap-4">
          <DialogHeader>
            <DialogTitle>Import from URLs</DialogTitle>
            <DialogDescription>Public http(s) addresses that return the file without signing in, one per line (up to 20).</DialogDescription>
          </DialogHeader>
          <FormField label="URLs" htmlFor="import-urls" error={error ?? undefined}>
            <Textarea rows={6} value={text} onChange={(event) => setText(event.target.value)} placeholder="https://example.com/invoices/march.pdf" />
          </FormField>
          <DialogFooter>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              Import
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
