import type { Role } from "@/lib/contracts/enums";

export const ROLE_OPTIONS: { value: Role; label: string }[] = [
  { value: "admin", label: "Admin" },
  { value: "member", label: "Member" },
  { value: "reviewer", label: "Reviewer" },
];
