// Database and connection errors are told apart from errors of the data: real PGlite errors, node-postgres's messages, socket errors, wrapped ones.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../core/shared/domain-errors.js';
import { openTestRepositories, testTargets } from './testing/targets.js';
import { isStorageFailure } from './storage-failures.js';

const caught = async (work: () => Promise<unknown>): Promise<unknown> => {
  try {
    await work();
  } catch (error) {
    return error;
  }
  throw new Error('expected the work to fail');
};

describe.each(testTargets())('storage failures on $label', (target) => {
  it('recognises an error the database reports, and one of a closed database', async () => {
    const { database } = await openTestRepositories(target);
    const missing = await caught(() => sql`select * from no_such_table`.execute(database.db));
    expect(isStorageFailure(missing)).toBe(true);
    await database.dispose();
    expect(isStorageFailure(await caught(() => sql`select 1`.execute(database.db)))).toBe(true);
  });
});

describe('isStorageFailure', () => {
  it("recognises node-postgres's connection errors and socket errors, also wrapped", () => {
    expect(isStorageFailure(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isStorageFailure(new Error('timeout exceeded when trying to connect'))).toBe(true);
    const reset = Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET', syscall: 'read' });
    expect(isStorageFailure(reset)).toBe(true);
    expect(isStorageFailure(new Error('query failed', { cause: reset }))).toBe(true);
    expect(isStorageFailure(new AggregateError([new Error('x'), reset]))).toBe(true);
  });

  it('leaves out errors of the data: a TypeError, an onnxruntime failure, a DomainError, a non-error', () => {
    expect(isStorageFailure(new TypeError('token.toLowerCase is not a function'))).toBe(false);
    expect(isStorageFailure(new Error('Non-zero status code returned while running Gather node'))).toBe(false);
    expect(isStorageFailure(new DomainError('INVALID_PARAMETER', 'text: unreadable'))).toBe(false);
    expect(isStorageFailure(Object.assign(new Error('x'), { code: 'ERR_INVALID_ARG_TYPE' }))).toBe(false);
    expect(isStorageFailure('boom')).toBe(false);
    expect(isStorageFailure(null)).toBe(false);
  });
});
