import { cloneElement, isValidElement, type ComponentPropsWithRef, type ReactElement, type ReactNode } from "react";
import { cn } from "@/lib/utils/cn";
import { describedBy, fieldIds } from "@/lib/utils/field-ids";
import { Label } from "./label";

export { describedBy, fieldIds, type FieldIds } from "@/lib/utils/field-ids";

export type FormFieldProps = Omit<ComponentPropsWithRef<"div">, "children"> & {
  label: ReactNode;
  /** Id of the control; the label points at it and the description/error ids derive from it. */
  htmlFor: string;
  description?: ReactNode;
  /** Error text. When set, the control gets `aria-invalid` and is described by the message. */
  error?: ReactNode;
  /** Shows a visual "required" mark; also set `required` on the control itself. */
  required?: boolean;
  /**
   * The control. A single element (Input, Select, Textarea, native control …) gets `id`, `aria-describedby`
   * and `aria-invalid` added automatically; for anything else wire them yourself with `fieldIds(htmlFor)`.
   */
  children: ReactNode;
};

type ControlProps = {
  id?: string;
  "aria-describedby"?: string;
  "aria-invalid"?: boolean | "true" | "false" | "grammar" | "spelling";
};

function hasError(error: ReactNode): boolean {
  return error !== undefined && error !== null && error !== false && error !== "";
}

export function FormField({
  label,
  htmlFor,
  description,
  error,
  required = false,
  children,
  className,
  ...props
}: FormFieldProps) {
  const ids = fieldIds(htmlFor);
  const invalid = hasError(error);
  const hasDescription = description !== undefined && description !== null && description !== false;

  let control: ReactNode = children;
  if (isValidElement<ControlProps>(children)) {
    const element: ReactElement<ControlProps> = children;
    control = cloneElement(element, {
      id: element.props.id ?? htmlFor,
      "aria-describedby": describedBy(htmlFor, {
        description: hasDescription,
        error: invalid,
        existing: element.props["aria-describedby"],
      }),
      "aria-invalid": invalid ? true : element.props["aria-invalid"],
    });
  }

  return (
    <div className={cn("flex flex-col gap-1.5", className)} {...props}>
      <Label htmlFor={htmlFor}>
        {label}
        {required ? (
          <span aria-hidden="true" className="ml-0.5 text-danger">
            *
          </span>
        ) : null}
      </Label>
      {hasDescription ? (
        <p id={ids.descriptionId} className="text-xs text-muted">
          {description}
        </p>
      ) : null}
      {control}
      {/* Always mounted (not display:none) so the polite live region exists before a message appears and is announced; the negative margin cancels the gap while it is empty. */}
      <p id={ids.errorId} aria-live="polite" className="text-xs font-medium text-danger empty:-mt-1.5">
        {invalid ? error : null}
      </p>
    </div>
  );
}
