"use client";

import { useState } from "react";
import { ConfirmActionDialog } from "@/components/console/confirm-action-dialog";
import { Button, EmptyState, Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui";
import type { Connection } from "@/lib/contracts/connections";
import { formatDate, formatRelative } from "@/lib/utils/format-date";
import { revokeConnectionAction } from "../actions";

export function ConnectionsTable({ connections }: { connections: Connection[] }) {
  const [revoking, setRevoking] = useState<Connection | null>(null);

  if (connections.length === 0) {
    return <EmptyState title="No connected agents" description="Agents you connect through the MCP server appear here." />;
  }

  return (
    <>
      <Table>
        <TableCaption srOnly>Connected agents</TableCaption>
        <TableHeader>
          <TableRow>
            <TableHead>Agent</TableHead>
            <TableHead>Team</TableHead>
            <TableHead>Granted</TableHead>
            <TableHead>Last used</TableHead>
            <TableHead>
              <span className="sr-only">Actions</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {connections.map((connection) => (
            <TableRow key={connection.id}>
              <TableCell>
                <span className="font-medium">{connection.clientName}</span>
                {connection.clientName !== connection.clientId ? <span className="block break-all text-xs text-muted">{connection.clientId}</span> : null}
              </TableCell>
              <TableCell>{connection.team.name}</TableCell>
              <TableCell>{formatDate(connection.createdAt)}</TableCell>
              <TableCell>{connection.lastUsedAt ? formatRelative(connection.lastUsedAt) : <span className="text-muted">Never</span>}</TableCell>
              <TableCell className="text-right">
                <Button variant="ghost" size="sm" onClick={() => setRevoking(connection)} aria-label={`Revoke ${connection.clientName}`}>
                  Revoke
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <ConfirmActionDialog
        target={revoking}
        onClose={() => setRevoking(null)}
        title={(connection) => `Revoke “${connection.clientName}”?`}
        description={() => "The agent's tokens stop working on its next call. To use it again, connect it again."}
        confirmLabel="Revoke connection"
        action={(connection) => revokeConnectionAction(connection.id)}
        success={(connection) => ({ title: "Connection revoked", description: `${connection.clientName} no longer has access.` })}
      />
    </>
  );
}
