"use client";

import { useRef, useState, type DragEvent } from "react";
import { Button } from "@/components/ui";
import { cn } from "@/lib/utils/cn";
import { uploadWithProgress } from "./upload-with-progress";

type Upload = { key: string; name: string; progress: number; state: "uploading" | "done" | "error"; message?: string };

/** Drop many files (or pick them); each uploads on its own with its progress and, if it fails, why. */
export function UploadDropzone({ parserId, folderId, onUploaded, uploadPath }: { parserId: string; folderId?: string; onUploaded: () => void; uploadPath?: string }) {
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [over, setOver] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const update = (key: string, patch: Partial<Upload>) => setUploads((current) => current.map((upload) => (upload.key === key ? { ...upload, ...patch } : upload)));

  async function start(files: File[]) {
    const batch = files.map((file, index) => ({ file, key: `${Date.now()}-${index}-${file.name}` }));
    setUploads((current) => [...batch.map(({ file, key }) => ({ key, name: file.name, progress: 0, state: "uploading" as const })), ...current].slice(0, 50));
    await Promise.all(
      batch.map(async ({ file, key }) => {
        try {
          await uploadWithProgress(parserId, file, { folderId, path: uploadPath, onProgress: (progress) => update(key, { progress }) });
          update(key, { state: "done", progress: 1 });
        } catch (error) {
          update(key, { state: "error", message: error instanceof Error ? error.message : "Upload failed" });
        }
      }),
    );
    onUploaded();
  }

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setOver(false);
    const files = [...event.dataTransfer.files];
    if (files.length) void start(files);
  }

  return (
    <div className="flex flex-col gap-2">
      <div
        role="region"
        aria-label="Upload documents"
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        className={cn("flex items-center justify-between gap-3 rounded-lg border-2 border-dashed px-4 py-3", over ? "border-accent bg-accent-soft" : "border-line bg-surface")}
      >
        <p className="text-muted">Drop files here to upload them{folderId ? " into this folder" : ""}.</p>
        <Button size="sm" variant="secondary" onClick={() => input.current?.click()}>
          Choose files
        </Button>
        <input
          ref={input}
          type="file"
          multiple
          hidden
          aria-label="Files to upload"
          onChange={(event) => {
            const files = [...(event.target.files ?? [])];
            event.target.value = "";
            if (files.length) void start(files);
          }}
        />
      </div>
      {uploads.length > 0 ? (
        <ul aria-label="Uploads" className="flex flex-col gap-1">
          {uploads.map((upload) => (
            <li key={upload.key} className="flex items-center gap-3 text-xs">
              <span className="w-56 truncate" title={upload.name}>
                {upload.name}
              </span>
              {upload.state === "error" ? (
                <span className="text-danger">{upload.message}</span>
              ) : (
                <>
                  <progress max={1} value={upload.progress} aria-label={`Upload of ${upload.name}`} className="h-1.5 w-40 accent-accent" />
                  <span className="text-muted">{upload.state === "done" ? "Uploaded" : `${Math.round(upload.progress * 100)}%`}</span>
                </>
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
