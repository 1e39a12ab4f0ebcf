// Tailwind 4 reads its theme from CSS (`app/globals.css`, `@theme`). This file only exists so tools that
// look for a config find the content globs; the CSS-first theme is the source of truth.
const config = {
  content: ["./app/**/*.{ts,tsx}", "./components/**/*.{ts,tsx}"],
};

export default config;
