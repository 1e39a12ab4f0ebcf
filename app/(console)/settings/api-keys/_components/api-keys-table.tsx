"use client";

import { useState } from "react";
import { Badge, Button, ConfirmDialog, EmptyState, Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow, useToast } from "@/components/ui";
import type { ApiKey } from "@/lib/contracts/api-keys";
import { formatDate, formatRelative } from "@/lib/utils/format-date";
import { revokeApiKeyAction } from "../actions";

/** A key with every permission the viewer could grant reads as "Full access" rather than a wall of badges. */
function KeyPermissions({ permissions, allPermissions }: { permissions: string[]; allPermissions: readonly string[] }) {
  if (allPermissions.every((permission) => permissions.includes(permission))) {
    return <Badge tone="accent" title={permissions.join(", ")}>Full access</Badge>;
  }
  return (
    <div className="flex max-w-xs flex-wrap gap-1">
      {permissions.map((permission) => (
        <Badge key={permission}>{permission}</Badge>
      ))}
    </div>
  );
}

export function ApiKeysTable({ keys, showCreator, allPermissions }: { keys: ApiKey[]; showCreator: boolean; allPermissions: readonly string[] }) {
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const { toast } = useToast();

  if (keys.length === 0) {
    return <EmptyState title="No API keys yet" description="Create a key to call the Quarry API from your own systems." />;
  }

  return (
    <>
      <Table>
        <TableCaption srOnly>API keys</TableCaption>
        <TableHeader>
          <TableRow>
            <TableHead>Name</TableHead>
            <TableHead>Key</TableHead>
            <TableHead>Permissions</TableHead>
            <TableHead>Created</TableHead>
            <TableHead>Last used</TableHead>
            {showCreator ? <TableHead>Created by</TableHead> : null}
            <TableHead>
              <span className="sr-only">Actions</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {keys.map((key) => (
            <TableRow key={key.id}>
              <TableCell className="font-medium">{key.name}</TableCell>
              <TableCell>
                <code className="font-mono text-xs">{key.prefix}…</code>
              </TableCell>
              <TableCell>
                <KeyPermissions permissions={key.permissions} allPermissions={allPermissions} />
              </TableCell>
              <TableCell>{formatDate(key.createdAt)}</TableCell>
              <TableCell>{key.lastUsedAt ? formatRelative(key.lastUsedAt) : <span className="text-muted">Never</span>}</TableCell>
              {showCreator ? <TableCell>{key.createdBy.name || key.createdBy.email}</TableCell> : null}
              <TableCell className="text-right">
                <Button variant="ghost" size="sm" onClick={() => setRevoking(key)} aria-label={`Revoke ${key.name}`}>
                  Revoke
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title={`Revoke “${revoking?.name ?? ""}”?`}
        description="Every request with this key fails from now on. This cannot be undone."
        confirmLabel="Revoke key"
        tone="destructive"
        onConfirm={async () => {
          if (!revoking) return;
          const result = await revokeApiKeyAction(revoking.id);
          if (!result.ok) throw new Error(result.error.message);
          toast({ title: "Key revoked", description: `${revoking.name} no longer works.`, tone: "success" });
          setRevoking(null);
        }}
      />
    </>
  );
}
