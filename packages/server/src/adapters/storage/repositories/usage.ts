// Quota usage repository: classified-text counters per workspace and billing period, reserved atomically.
import { sql, type Kysely } from 'kysely';
import type { UsageRepository } from '../../../core/ports/repositories.js';
import type { DatabaseSchema } from '../schema.js';

export function createUsageRepository(db: Kysely<DatabaseSchema>): UsageRepository {
  return {
    async tryConsume(workspaceId, periodStart, amount, limit) {
      if (!Number.isSafeInteger(amount) || amount < 0) throw new RangeError('amount must be a non-negative integer');
      if (amount > limit) return false;
      // One statement: the first reservation of a period inserts; later ones add only while within the limit.
      // A refused update returns no row. Concurrent callers serialise on the row lock of the conflict.
      const row = await db
        .insertInto('quota_usage')
        .values({ workspace_id: workspaceId, period_start: periodStart, used: amount })
        .onConflict((conflict) =>
          conflict
            .columns(['workspace_id', 'period_start'])
            .doUpdateSet((eb) => ({
              used: eb('quota_usage.used', '+', eb.ref('excluded.used')),
              updated_at: sql<Date>`now()`,
            }))
            .where((eb) => eb(eb('quota_usage.used', '+', eb.ref('excluded.used')), '<=', String(limit))),
        )
        .returning('used')
        .executeTakeFirst();
      return row !== undefined;
    },

    async used(workspaceId, periodStart) {
      const row = await db
        .selectFrom('quota_usage')
        .select('used')
        .where('workspace_id', '=', workspaceId)
        .where('period_start', '=', periodStart)
        .executeTakeFirst();
      return row === undefined ? 0 : Number(row.used);
    },
  };
}
