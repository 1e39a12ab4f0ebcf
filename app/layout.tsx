import type { Metadata } from "next";
import { connection } from "next/server";
import type { ReactNode } from "react";
import { Providers } from "@/components/providers";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Quarry", template: "%s · Quarry" },
  description: "Turn documents into data",
};

/**
 * Every page renders per request: its scripts carry the nonce of that response's Content-Security-Policy
 * (proxy.ts), which a page built ahead of time could not know.
 */
export default async function RootLayout({ children }: { children: ReactNode }) {
  await connection();
  return (
    <html lang="en">
      <body className="min-h-screen bg-canvas text-sm text-ink antialiased">
        <Providers>{children}</Providers>
      </body>
    </html>
  );
}
