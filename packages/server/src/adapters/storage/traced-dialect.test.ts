// Database span names: the operation and the first table of a statement.
import { describe, expect, it } from 'vitest';
import { querySpanName } from './traced-dialect.js';

describe('querySpanName', () => {
  it('names a statement by its operation and first table', () => {
    expect(querySpanName('select * from "models" where "id" = $1')).toBe('SELECT models');
    expect(querySpanName('insert into "records" ("a") values ($1)')).toBe('INSERT records');
    expect(querySpanName('update "api_keys" set "last_used_at" = $1')).toBe('UPDATE api_keys');
    expect(querySpanName('delete from "jobs" where "id" = $1')).toBe('DELETE jobs');
    expect(querySpanName('start transaction')).toBe('START');
    expect(querySpanName('')).toBe('QUERY');
  });
});
