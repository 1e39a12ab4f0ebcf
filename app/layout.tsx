import type { Metadata } from "next";
import { connection } from "next/server";
import type { ReactNode } from "react";
import { Providers } from "@/components/providers";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Quarry", template: "%s · Quarry" },
  description: "Turn documents into data",
  // Static assets in public/: the favicon for old and new browsers, the home-screen icon and the web manifest.
  icons: { icon: [{ url: "/favicon.ico", sizes: "32x32" }, { url: "/icon.svg", type: "image/svg+xml" }], apple: "/apple-touch-icon.png" },
  manifest: "/manifest.webmanifest",
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
