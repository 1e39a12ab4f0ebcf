/**
 * A form's message for what no single field explains. Always in the page (empty and hidden when there is
 * nothing), so screen readers already know the live region when a message arrives.
 */
export function FormError({ message }: { message: string | null }) {
  return (
    <p aria-live="polite" className="text-sm font-medium text-danger empty:hidden">
      {message}
    </p>
  );
}
