// Hints name the command as the reader can run it: npx under an npm script, and the data directory when not the default.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { textclassCommand } from './command-hint.js';

describe('textclassCommand', () => {
  it('uses npx under an npm script and the bare command otherwise', () => {
    expect(textclassCommand('keys create', './data', { npm_lifecycle_event: 'start' })).toBe(
      'npx textclass keys create',
    );
    expect(textclassCommand('keys create', path.resolve('data'), {})).toBe('textclass keys create');
  });

  it('adds the data directory when it is not ./data, quoted for the shell when it needs to be', () => {
    expect(textclassCommand('keys list', '/srv/tc', {})).toBe('textclass keys list --data-dir /srv/tc');
    expect(textclassCommand('keys list', "/srv/it's here", {})).toBe(
      "textclass keys list --data-dir '/srv/it'\\''s here'",
    );
  });
});
