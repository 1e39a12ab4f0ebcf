/**
 * Ids used to connect a form control to its description and error text.
 * Shared by `FormField` and by callers who wire controls by hand.
 */
export type FieldIds = {
  controlId: string;
  descriptionId: string;
  errorId: string;
};

export function fieldIds(controlId: string): FieldIds {
  return {
    controlId,
    descriptionId: `${controlId}-description`,
    errorId: `${controlId}-error`,
  };
}

/**
 * Value for a control's `aria-describedby`: description first, then error, keeping any ids the control
 * already had. Returns `undefined` (attribute omitted) when there is nothing to point at.
 */
export function describedBy(
  controlId: string,
  { description, error, existing }: { description?: boolean; error?: boolean; existing?: string | undefined },
): string | undefined {
  const ids = fieldIds(controlId);
  const parts = [
    ...(existing ?? "").split(/\s+/),
    description ? ids.descriptionId : "",
    error ? ids.errorId : "",
  ].filter((part) => part.length > 0);
  const unique = [...new Set(parts)];
  return unique.length > 0 ? unique.join(" ") : undefined;
}
