import "server-only";
import type { Adapter, AdapterPayload } from "oidc-provider";
import type { Db } from "@/lib/db/client";
import {
  consumeOAuthRecord,
  destroyOAuthRecord,
  findOAuthRecord,
  findOAuthRecordByUid,
  revokeOAuthGrant,
  upsertOAuthRecord,
  type OAuthPayload,
} from "@/lib/services/oauth";

/** oidc-provider's storage interface over the oauth_records table (see lib/services/oauth/records.ts). */
export function adapterFor(db: Db) {
  return class DatabaseAdapter implements Adapter {
    constructor(private readonly model: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
      await upsertOAuthRecord(db, { model: this.model, id, payload: payload as OAuthPayload, expiresInSeconds: expiresIn });
    }

    async find(id: string): Promise<AdapterPayload | undefined> {
      return (await findOAuthRecord(db, { model: this.model, id })) as AdapterPayload | undefined;
    }

    async findByUid(uid: string): Promise<AdapterPayload | undefined> {
      return (await findOAuthRecordByUid(db, { model: this.model, uid })) as AdapterPayload | undefined;
    }

    async findByUserCode(): Promise<undefined> {
      return undefined; // the device flow is not enabled
    }

    async consume(id: string): Promise<void> {
      await consumeOAuthRecord(db, { model: this.model, id });
    }

    async destroy(id: string): Promise<void> {
      await destroyOAuthRecord(db, { model: this.model, id });
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await revokeOAuthGrant(db, grantId);
    }
  };
}
