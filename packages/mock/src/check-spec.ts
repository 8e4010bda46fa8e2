// Refuses a contract that Prism 5.14 would mock without validating request bodies.
import { readFileSync } from 'node:fs';

const DIALECT_KEY = /^(?:jsonSchemaDialect|\s*"jsonSchemaDialect")\s*:/m;

/**
 * Throws when the document at `specPath` is missing or declares `jsonSchemaDialect`: Prism 5.14
 * then silently stops validating request bodies, so the mock would accept anything.
 */
export function assertMockableSpec(specPath: string): void {
  let text: string;
  try {
    text = readFileSync(specPath, 'utf8');
  } catch {
    throw new Error(`contract bundle not found at ${specPath}; run \`npm run generate\` first`);
  }
  if (DIALECT_KEY.test(text)) {
    throw new Error(
      `${specPath} declares jsonSchemaDialect, which makes Prism 5.14 skip request body validation; remove it from the contract`,
    );
  }
}
