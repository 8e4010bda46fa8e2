// Counts statements that may have changed rows of chosen tables, so reads cached in this process know when they are stale.

/**
 * Sound only where every statement on the database passes through `observe` (embedded PGlite: one process, one
 * connection, the directory locked to its opener). A statement counts when it does not begin with SELECT (INSERT,
 * UPDATE, DELETE, data-modifying WITH, DDL) and names one of the tables; the schema has no triggers, and its cascades
 * all start from a watched table, so no row of a watched table changes without its name in the statement.
 */
export class TableWriteWatch {
  private generation = 0;
  private readonly mentions: RegExp;

  constructor(tables: readonly string[]) {
    if (tables.length === 0 || tables.some((t) => !/^[a-z_][a-z0-9_]*$/.test(t)))
      throw new Error('table names must be lower-case identifiers');
    this.mentions = new RegExp(`(^|[^a-z0-9_])(${tables.join('|')})([^a-z0-9_]|$)`, 'i');
  }

  /** Changes whenever a watched table may have changed; equal values mean nothing was written in between. */
  get value(): number {
    return this.generation;
  }

  /** Call for every statement, after it ran (whether it succeeded or not). */
  observe(sql: string): void {
    if (/^\s*select\b/i.test(sql)) return;
    if (this.mentions.test(sql)) this.generation += 1;
  }
}
