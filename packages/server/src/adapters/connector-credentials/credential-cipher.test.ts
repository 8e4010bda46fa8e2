import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createCredentialCipher, parseConnectorKey } from './credential-cipher.js';

describe('connector credential cipher', () => {
  const key = randomBytes(32);

  it('seals to text without the plaintext and opens it again', () => {
    const cipher = createCredentialCipher(key);
    const sealed = cipher.seal('{"api_token":"secret-token-123"}');
    expect(sealed).not.toContain('secret-token-123');
    expect(sealed.startsWith('v1:')).toBe(true);
    expect(cipher.seal('same')).not.toBe(cipher.seal('same'));
    expect(cipher.open(sealed)).toBe('{"api_token":"secret-token-123"}');
  });

  it('refuses a tampered value and another key', () => {
    const sealed = createCredentialCipher(key).seal('x'.repeat(40));
    const bytes = Buffer.from(sealed.slice(3), 'base64');
    bytes.writeUInt8(bytes.readUInt8(bytes.length - 1) ^ 1, bytes.length - 1);
    expect(() => createCredentialCipher(key).open(`v1:${bytes.toString('base64')}`)).toThrow(/do not open/);
    expect(() => createCredentialCipher(randomBytes(32)).open(sealed)).toThrow(/do not open/);
  });

  it('reads the key as hex or base64 and refuses other lengths', () => {
    expect(parseConnectorKey(key.toString('hex'))).toEqual(key);
    expect(parseConnectorKey(key.toString('base64'))).toEqual(key);
    expect(() => parseConnectorKey(randomBytes(16).toString('base64'))).toThrow(/32 bytes/);
    expect(() => parseConnectorKey('not a key')).toThrow(/32 bytes/);
  });
});
