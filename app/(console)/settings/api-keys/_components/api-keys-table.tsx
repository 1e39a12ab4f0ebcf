"use client";

import { useState } from "react";
import { ConfirmActionDialog } from "@/components/console/confirm-action-dialog";
import { Badge, Button, EmptyState, Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui";
import type { ApiKey } from "@/lib/contracts/api-keys";
import { LocalTime } from "@/components/console/local-time";
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

/** Active (with its expiry, if any), expired, or revoked: a revoked key stays listed so its history is clear. */
function KeyStatus({ apiKey }: { apiKey: ApiKey }) {
  if (apiKey.status === "revoked") {
    return (
      <span className="flex flex-col gap-0.5">
        <Badge tone="danger">Revoked</Badge>
        {apiKey.revokedAt ? (
          <span className="text-xs text-muted">
            <LocalTime iso={apiKey.revokedAt} />
          </span>
        ) : null}
      </span>
    );
  }
  if (apiKey.status === "expired") return <Badge tone="warning">Expired</Badge>;
  return (
    <span className="flex flex-col gap-0.5">
      <Badge tone="success">Active</Badge>
      {apiKey.expiresAt ? (
        <span className="text-xs text-muted">
          until <LocalTime iso={apiKey.expiresAt} />
        </span>
      ) : null}
    </span>
  );
}

export function ApiKeysTable({ keys, showCreator, allPermissions }: { keys: ApiKey[]; showCreator: boolean; allPermissions: readonly string[] }) {
  const [revoking, setRevoking] = useState<ApiKey | null>(null);

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
            <TableHead>Status</TableHead>
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
              <TableCell><LocalTime iso={key.createdAt} /></TableCell>
              <TableCell>{key.lastUsedAt ? <LocalTime iso={key.lastUsedAt} relative /> : <span className="text-muted">Never</span>}</TableCell>
              <TableCell>
                <KeyStatus apiKey={key} />
              </TableCell>
              {showCreator ? <TableCell>{key.createdBy.name || key.createdBy.email}</TableCell> : null}
              <TableCell className="text-right">
                {key.status === "revoked" ? null : (
                  <Button variant="ghost" size="sm" onClick={() => setRevoking(key)} aria-label={`Revoke ${key.name}`}>
                    Revoke
                  </Button>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <ConfirmActionDialog
        target={revoking}
        onClose={() => setRevoking(null)}
        title={(key) => `Revoke “${key.name}”?`}
        description={() => "Every request with this key fails from now on. This cannot be undone."}
        confirmLabel="Revoke key"
        action={(key) => revokeApiKeyAction(key.id)}
        success={(key) => ({ title: "Key revoked", description: `${key.name} no longer works.` })}
      />
    </>
  );
}
