// Type test: compiles testing/exact-requests.fixture.ts with tsc; a request field the contract does not name must not compile.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const here = path.dirname(fileURLToPath(import.meta.url));

describe('exact request types', () => {
  it('refuses misspelt body fields and query parameters at compile time, and compiles what the contract names', () => {
    const configFile = path.join(here, '..', 'tsconfig.json');
    const config = ts.getParsedCommandLineOfConfigFile(
      configFile,
      {},
      { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
    );
    if (!config) throw new Error(`cannot read ${configFile}`);
    const fixture = path.join(here, 'testing', 'exact-requests.fixture.ts');
    const program = ts.createProgram([fixture], { ...config.options, noEmit: true });
    const diagnostics = ts
      .getPreEmitDiagnostics(program)
      .map(
        (d) =>
          `${d.file ? path.basename(d.file.fileName) : ''}:${d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line + 1 : ''} ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`,
      );
    // Without exact types each @ts-expect-error above an unknown field is "unused", and that is an error.
    expect(diagnostics).toEqual([]);
  }, 120_000);
});
