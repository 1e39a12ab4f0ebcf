import type { Metadata } from "next";
import type { ReactNode } from "react";
import { Providers } from "@/components/providers";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Quarry", template: "%s · Quarry" },
  description: "Turn documents into data",
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body className="min-h-screen bg-canvas text-sm text-ink antialiased">
        <Providers>{children}</Providers>
      </body>
    </html>
  );
}
