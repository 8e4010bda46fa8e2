// API key repository: stores only the SHA-256 hash of a key plus its visible prefix and last four characters.
import type { Kysely, Selectable } from 'kysely';
import type { ApiKeyRepository } from '../../../core/ports/repositories.js';
import type { ApiKeyRecord, StoredApiKey } from '../../../core/shared/types.js';
import type { ApiKeysTable, DatabaseSchema } from '../schema.js';
import { assertStorable } from '../storable-fields.js';
import { toWorkspace } from './workspaces.js';

export function toApiKey(row: Selectable<ApiKeysTable>): ApiKeyRecord {
  return {
    id: row.id,
    workspaceId: row.workspace_id,
    prefix: row.prefix,
    lastFour: row.last_four,
    role: row.role,
    name: row.name,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
    revokedAt: row.revoked_at,
  };
}

function toStoredApiKey(row: Selectable<ApiKeysTable>): StoredApiKey {
  return { ...toApiKey(row), keyHash: row.key_hash };
}

export function createApiKeyRepository(db: Kysely<DatabaseSchema>): ApiKeyRepository {
  return {
    async insert(input) {
      assertStorable({ name: input.name, prefix: input.prefix, last_four: input.lastFour });
      const row = await db
        .insertInto('api_keys')
        .values({
          workspace_id: input.workspaceId,
          prefix: input.prefix,
          last_four: input.lastFour,
          key_hash: input.keyHash,
          role: input.role,
          name: input.name,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toApiKey(row);
    },

    async findByHash(keyHash) {
      const row = await db.selectFrom('api_keys').selectAll().where('key_hash', '=', keyHash).executeTakeFirst();
      return row && toStoredApiKey(row);
    },

    async findActiveCallerByHash(keyHash) {
      const row = await db
        .selectFrom('api_keys')
        .innerJoin('workspaces', 'workspaces.id', 'api_keys.workspace_id')
        .selectAll('api_keys')
        .select([
          'workspaces.name as workspace_name',
          'workspaces.plan',
          'workspaces.rate_limit_per_minute',
          'workspaces.monthly_quota',
          'workspaces.billing_cycle_day',
          'workspaces.created_at as workspace_created_at',
        ])
        .where('api_keys.key_hash', '=', keyHash)
        .where('api_keys.revoked_at', 'is', null)
        .executeTakeFirst();
      if (!row) return undefined;
      const workspace = toWorkspace({
        id: row.workspace_id,
        name: row.workspace_name,
        plan: row.plan,
        rate_limit_per_minute: row.rate_limit_per_minute,
        monthly_quota: row.monthly_quota,
        billing_cycle_day: row.billing_cycle_day,
        created_at: row.workspace_created_at,
      });
      return { key: toStoredApiKey(row), workspace };
    },

    async touchLastUsed(id, at) {
      await db.updateTable('api_keys').set({ last_used_at: at }).where('id', '=', id).execute();
    },

    async countActive(workspaceId) {
      let query = db
        .selectFrom('api_keys')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('revoked_at', 'is', null);
      if (workspaceId !== undefined) query = query.where('workspace_id', '=', workspaceId);
      const { count } = await query.executeTakeFirstOrThrow();
      return Number(count);
    },

    async list(workspaceId, page) {
      const scoped = db.selectFrom('api_keys').where('workspace_id', '=', workspaceId);
      const [rows, { total }] = await Promise.all([
        scoped.selectAll().orderBy('id').offset(page.offset).limit(page.limit).execute(),
        scoped.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
      ]);
      return { items: rows.map(toApiKey), total: Number(total) };
    },

    async revoke(workspaceId, id, at) {
      const row = await db
        .updateTable('api_keys')
        .set((eb) => ({ revoked_at: eb.fn.coalesce('revoked_at', eb.val(at)) }))
        .where('id', '=', id)
        .where('workspace_id', '=', workspaceId)
        .returningAll()
        .executeTakeFirst();
      return row && toApiKey(row);
    },
  };
}
