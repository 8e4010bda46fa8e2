// Workspace repository: tenants with their plan, limits and billing-cycle day.
import type { Kysely, Selectable } from 'kysely';
import type { WorkspaceRepository } from '../../../core/ports/repositories.js';
import type { Workspace } from '../../../core/shared/types.js';
import type { DatabaseSchema, WorkspacesTable } from '../schema.js';
import { assertStorable } from '../storable-fields.js';

export function toWorkspace(row: Selectable<WorkspacesTable>): Workspace {
  return {
    id: row.id,
    name: row.name,
    plan: row.plan,
    rateLimitPerMinute: row.rate_limit_per_minute,
    monthlyQuota: row.monthly_quota,
    billingCycleDay: row.billing_cycle_day,
    createdAt: row.created_at,
  };
}

export function createWorkspaceRepository(db: Kysely<DatabaseSchema>): WorkspaceRepository {
  return {
    async findById(id) {
      const row = await db.selectFrom('workspaces').selectAll().where('id', '=', id).executeTakeFirst();
      return row && toWorkspace(row);
    },

    async findByName(name) {
      const row = await db.selectFrom('workspaces').selectAll().where('name', '=', name).executeTakeFirst();
      return row && toWorkspace(row);
    },

    async create(input) {
      assertStorable({ name: input.name });
      const row = await db
        .insertInto('workspaces')
        .values({
          name: input.name,
          plan: input.plan,
          rate_limit_per_minute: input.rateLimitPerMinute,
          monthly_quota: input.monthlyQuota,
          billing_cycle_day: input.billingCycleDay,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toWorkspace(row);
    },

    async list() {
      const rows = await db.selectFrom('workspaces').selectAll().orderBy('id').execute();
      return rows.map(toWorkspace);
    },

    async update(id, limits) {
      const row = await db
        .updateTable('workspaces')
        .set({
          plan: limits.plan,
          rate_limit_per_minute: limits.rateLimitPerMinute,
          monthly_quota: limits.monthlyQuota,
          billing_cycle_day: limits.billingCycleDay,
        })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
      return row && toWorkspace(row);
    },
  };
}
