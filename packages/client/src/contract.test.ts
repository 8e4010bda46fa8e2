// The client's copy of the contract types must be the contract's generated types, byte for byte.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

const openapiDir = dirname(createRequire(import.meta.url).resolve('@textclass/openapi/package.json'));

describe('src/generated/contract.ts', () => {
  it('is a copy of @textclass/openapi/types (npm run generate refreshes it)', () => {
    const copy = readFileSync(new URL('./generated/contract.ts', import.meta.url), 'utf8');
    expect(copy).toBe(readFileSync(join(openapiDir, 'generated', 'types.ts'), 'utf8'));
  });
});
