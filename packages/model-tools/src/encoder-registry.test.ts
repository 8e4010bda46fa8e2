// Encoder registry over temporary directories: discovery of both formats, precedence, readiness, chosen and missing default.
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '@textclass/server/core';
import { EncoderNotBuiltError, loadEncoderRegistry, TransformerEncoder } from '@textclass/server/inference';
import { writeStaticEncoder } from './static-encoder-writer.js';
import { writeSyntheticEncoder } from '@textclass/server/testing';

let root: string;
const builtin = () => join(root, 'builtin');
const models = () => join(root, 'models');

async function tinyEncoder(dir: string, id: string, value: number) {
  await writeStaticEncoder({
    dir,
    id,
    source: 'test',
    words: ['word'],
    vectors: Float32Array.from([0, 0, value, 1]),
    dimension: 2,
  });
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'textclass-registry-'));
  await tinyEncoder(join(builtin(), 'base'), 'base', 1);
  await tinyEncoder(join(builtin(), 'other'), 'other', 2);
  await tinyEncoder(join(models(), 'encoders', 'other'), 'other', -1);
  await writeSyntheticEncoder({ dir: join(models(), 'encoders', 'tiny-bert'), size: 'tiny' });
  await mkdir(join(models(), 'encoders', 'not-an-encoder'), { recursive: true });
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('loadEncoderRegistry', () => {
  it('finds encoders, lets the models directory win, warms only the needed ones', async () => {
    const registry = await loadEncoderRegistry({ builtinDir: builtin(), modelsDir: models(), defaultId: 'base' });
    expect(registry.ids().sort()).toEqual(['base', 'other', 'tiny-bert']);
    expect(registry.default.id).toBe('base');
    expect(registry.defaultId).toBe('base');
    expect(registry.neededIds()).toEqual(['base']);
    expect(registry.ready()).toBe(false);
    await registry.warmup();
    expect(registry.ready()).toBe(true);
    expect(registry.get('other').health()).toBe(false);
    expect(registry.get('tiny-bert').health()).toBe(false);
    // A newly needed encoder makes the registry not ready until it is warm too; unknown ids are skipped.
    registry.need(['tiny-bert', 'nope']);
    expect(registry.neededIds()).toEqual(['base', 'tiny-bert']);
    expect(registry.ready()).toBe(false);
    await registry.warmup();
    expect(registry.ready()).toBe(true);
    expect(registry.get('other').health()).toBe(false);
    const [v] = await registry.get('other').embed(['word']);
    expect(v?.[0]).toBeCloseTo(-Math.SQRT1_2, 6);
    await registry.close();
  });

  it('makes a sentence-transformers export the default when asked (TEXTCLASS_DEFAULT_ENCODER)', async () => {
    const registry = await loadEncoderRegistry({ builtinDir: builtin(), modelsDir: models(), defaultId: 'tiny-bert' });
    expect(registry.default).toBeInstanceOf(TransformerEncoder);
    expect(registry.default.dimension).toBe(32);
    await registry.warmup();
    expect(registry.ready()).toBe(true);
    await registry.close();
  });

  it('names the encoders it found when the chosen default is missing', async () => {
    const load = loadEncoderRegistry({ builtinDir: builtin(), modelsDir: models(), defaultId: 'nope' });
    await expect(load).rejects.toThrow(/"nope".*found: .*tiny-bert/);
  });

  it('throws NOT_FOUND for an unknown encoder id', async () => {
    const registry = await loadEncoderRegistry({ builtinDir: builtin(), defaultId: 'base' });
    expect(() => registry.get('nope')).toThrow(DomainError);
    expect(registry.has('nope')).toBe(false);
  });

  it('tells the user to build when the default encoder is missing', async () => {
    const load = loadEncoderRegistry({ builtinDir: join(root, 'empty'), defaultId: 'base' });
    await expect(load).rejects.toBeInstanceOf(EncoderNotBuiltError);
    await expect(load).rejects.toThrow(/npm run build/);
  });
});
