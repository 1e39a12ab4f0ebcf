import type { ReactNode } from "react";

export function SettingsSection({ id, title, description, children }: { id: string; title: string; description: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="grid gap-6 border-b border-line py-6 last:border-0 md:grid-cols-[16rem_1fr]">
      <div>
        <h2 id={id} className="font-semibold">
          {title}
        </h2>
        <p className="mt-1 text-xs text-muted">{description}</p>
      </div>
      <div className="flex max-w-xl flex-col gap-4">{children}</div>
    </section>
  );
}
