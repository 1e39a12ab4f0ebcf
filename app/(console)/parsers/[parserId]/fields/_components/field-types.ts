import type { FieldType } from "@/lib/contracts/enums";

export const FIELD_TYPE_OPTIONS: { value: FieldType; label: string }[] = [
  { value: "text", label: "Text" },
  { value: "number", label: "Number" },
  { value: "currency", label: "Amount (currency)" },
  { value: "date", label: "Date" },
  { value: "boolean", label: "Yes / no" },
  { value: "email", label: "E-mail" },
  { value: "phone", label: "Phone" },
  { value: "url", label: "URL" },
  { value: "address", label: "Address" },
  { value: "select", label: "Choice (select)" },
  { value: "table", label: "Table" },
];

export const fieldTypeLabel = (type: string) => FIELD_TYPE_OPTIONS.find((option) => option.value === type)?.label ?? type;
