// Validation of model.config.llm and of endpoint names at model creation.
import { describe, expect, it } from 'vitest';
import { DomainError } from '../shared/domain-errors.js';
import { assertKnownEndpoint, parseLlmSettings } from './llm-settings.js';

const rejection = (fn: () => unknown): DomainError => {
  try {
    fn();
  } catch (error) {
    if (error instanceof DomainError) return error;
  }
  throw new Error('expected a DomainError');
};

describe('parseLlmSettings', () => {
  it('reads endpoint, prompt and temperature (0 unless given)', () => {
    expect(parseLlmSettings({ endpoint: 'default', prompt: 'Classify.' })).toEqual({
      endpoint: 'default',
      prompt: 'Classify.',
      temperature: 0,
    });
    expect(parseLlmSettings({ endpoint: 'vllm', prompt: 'Classify.', temperature: 0.3 }).temperature).toBe(0.3);
  });

  it.each([
    [undefined, 'llm:'],
    [{ prompt: 'x' }, 'llm.endpoint:'],
    [{ endpoint: 'default', prompt: '  ' }, 'llm.prompt:'],
    [{ endpoint: 'default', prompt: 'x'.repeat(20_001) }, 'llm.prompt:'],
    [{ endpoint: 'default', prompt: 'x', temperature: 3 }, 'llm.temperature:'],
    [{ endpoint: 'default', prompt: 'x', temperature: '0.5' }, 'llm.temperature:'],
  ])('rejects %j naming the field', (raw, field) => {
    const error = rejection(() => parseLlmSettings(raw));
    expect(error.code).toBe('INVALID_PARAMETER');
    expect(error.message.startsWith(field)).toBe(true);
  });
});

describe('assertKnownEndpoint', () => {
  it('accepts a configured endpoint', () => {
    expect(() => assertKnownEndpoint('vllm', new Map([['vllm', {}]]))).not.toThrow();
  });

  it('rejects an unknown one, listing the configured names', () => {
    const error = rejection(() =>
      assertKnownEndpoint(
        'gpt',
        new Map([
          ['vllm', {}],
          ['ollama', {}],
        ]),
      ),
    );
    expect(error.code).toBe('INVALID_PARAMETER');
    expect(error.message).toBe('llm.endpoint: "gpt" is not a configured LLM endpoint; configured: "vllm", "ollama"');
  });

  it('says so when the server has no endpoint at all', () => {
    expect(rejection(() => assertKnownEndpoint('default', new Map())).message).toContain(
      'no LLM endpoint is configured on this server',
    );
  });
});
