import type { Metadata } from "next";
import { NotAllowed } from "@/components/console/not-allowed";
import { PageHeader } from "@/components/ui";
import { consoleApi } from "@/lib/console/api/console";
import { KEY_PERMISSIONS, PERMISSION_LABELS } from "@/lib/contracts/permissions";
import { apiKeyOperations } from "@/lib/contracts/api-keys";
import { getMe, hasPermission } from "@/lib/console/me";
import { ApiKeyCreateDialog } from "./_components/api-key-create-dialog";
import { ApiKeysTable } from "./_components/api-keys-table";

export const metadata: Metadata = { title: "API keys" };

export default async function ApiKeysPage() {
  const me = await getMe();
  if (!hasPermission(me, "apiKeys.write")) return <NotAllowed what="manage API keys" role={me.role} teamName={me.team.name} />;
  const { data: keys } = await (await consoleApi()).call(apiKeyOperations.list, {});
  const grantable = KEY_PERMISSIONS.filter((permission) => me.permissions.includes(permission)).map((permission) => ({
    value: permission,
    label: PERMISSION_LABELS[permission],
  }));
  return (
    <>
      <PageHeader
        title="API keys"
        description={
          me.role === "admin"
            ? `Keys of every member of ${me.team.name}. A key works in the ${me.team.region.toUpperCase()} region only and carries the permissions chosen when it was created.`
            : `Your keys for ${me.team.name}. A key works in the ${me.team.region.toUpperCase()} region only and carries the permissions chosen when it was created.`
        }
        actions={<ApiKeyCreateDialog permissions={grantable} />}
      />
      <ApiKeysTable keys={keys} showCreator={me.role === "admin"} allPermissions={KEY_PERMISSIONS} />
    </>
  );
}
