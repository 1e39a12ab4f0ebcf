"use client";

import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { Select } from "@/components/ui";
import type { Me } from "@/lib/contracts/session";
import { switchTeamAction } from "./team-actions";

export function TeamSwitcher({ teams, currentTeamId }: { teams: Me["teams"]; currentTeamId: string }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  return (
    <label className="flex flex-col gap-1">
      <span className="text-xs font-medium text-muted">Team</span>
      <Select
        value={currentTeamId}
        disabled={pending || teams.length < 2}
        aria-busy={pending}
        onChange={(event) => {
          const teamId = event.target.value;
          startTransition(async () => {
            await switchTeamAction(teamId);
            router.push("/");
            router.refresh();
          });
        }}
      >
        {teams.map((team) => (
          <option key={team.id} value={team.id}>
            {team.name} ({team.region.toUpperCase()})
          </option>
        ))}
      </Select>
    </label>
  );
}
