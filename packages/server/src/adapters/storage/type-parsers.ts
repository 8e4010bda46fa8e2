// One table of result-type parsers shared by the pg Pool and PGlite, so both return identical JS values.
// pg's own parsers come from pg-types (the package pg re-exports as pg.types), so PGlite never loads the pg driver.
import type pg from 'pg';
import pgTypes from 'pg-types';

/** PostgreSQL type OIDs whose text output we parse the same way on both drivers. */
export const PG_OID = {
  int8: 20,
  json: 114,
  date: 1082,
  timestamp: 1114,
  timestamptz: 1184,
  numeric: 1700,
  jsonb: 3802,
} as const;

type TextParser = (value: string) => unknown;

const identity: TextParser = (value) => value;
const parseJson: TextParser = (value) => JSON.parse(value) as unknown;

/**
 * int8 and numeric stay strings (lossless; callers convert counts with Number()),
 * timestamps become Date via pg's own parser, dates stay 'YYYY-MM-DD', json/jsonb are parsed.
 */
export const typeParsers: Readonly<Record<number, TextParser>> = {
  [PG_OID.int8]: identity,
  [PG_OID.numeric]: identity,
  [PG_OID.date]: identity,
  [PG_OID.timestamp]: pgTypes.getTypeParser(PG_OID.timestamp, 'text') as TextParser,
  [PG_OID.timestamptz]: pgTypes.getTypeParser(PG_OID.timestamptz, 'text') as TextParser,
  [PG_OID.json]: parseJson,
  [PG_OID.jsonb]: parseJson,
};

/** The pg `types` option: our table first, pg's defaults for everything else. */
export const pgCustomTypes: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    const own = format === 'binary' ? undefined : typeParsers[oid];
    return own ?? pgTypes.getTypeParser(oid, format ?? 'text');
  }) as pg.CustomTypesConfig['getTypeParser'],
};
