/**
 * Copy text to the clipboard. Uses the async Clipboard API when available (secure contexts) and falls back to
 * a hidden textarea + `execCommand("copy")`, which still works on plain-HTTP self-hosted installs.
 * Resolves `true` on success, `false` if every method failed. Never throws.
 */
export type CopyEnvironment = {
  clipboard?: { writeText: (text: string) => Promise<void> } | undefined;
  fallback?: ((text: string) => boolean) | undefined;
};

export async function copyText(text: string, env: CopyEnvironment = defaultEnvironment()): Promise<boolean> {
  if (env.clipboard) {
    try {
      await env.clipboard.writeText(text);
      return true;
    } catch {
      // Permission denied or not focused: try the fallback below.
    }
  }
  if (env.fallback) {
    try {
      return env.fallback(text);
    } catch {
      return false;
    }
  }
  return false;
}

function defaultEnvironment(): CopyEnvironment {
  if (typeof document === "undefined") return {};
  return {
    clipboard: typeof navigator !== "undefined" && navigator.clipboard ? navigator.clipboard : undefined,
    fallback: execCommandCopy,
  };
}

function execCommandCopy(text: string): boolean {
  const previousFocus = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const textarea = document.createElement("textarea");
  textarea.value = text;
  textarea.setAttribute("readonly", "");
  textarea.setAttribute("aria-hidden", "true");
  textarea.style.position = "fixed";
  textarea.style.top = "0";
  textarea.style.left = "0";
  textarea.style.opacity = "0";
  document.body.appendChild(textarea);
  textarea.select();
  try {
    // Deprecated but still the only option outside secure contexts.
    return document.execCommand("copy");
  } finally {
    textarea.remove();
    previousFocus?.focus();
  }
}
