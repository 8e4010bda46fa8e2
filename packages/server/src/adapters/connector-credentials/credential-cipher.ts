// Connector credentials sealed at rest with AES-256-GCM (node:crypto) under the operator's key; a sealed value is `v1:` + base64(iv ‖ tag ‖ ciphertext).
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { CredentialCipher } from '../../core/ports/connectors.js';

const IV_BYTES = 12;
const TAG_BYTES = 16;
const PREFIX = 'v1:';

/** The 32-byte key from its text: 64 hex digits, or base64 (standard or URL-safe) of 32 bytes; else an error saying why. */
export function parseConnectorKey(raw: string): Buffer {
  const text = raw.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
  if (key.length !== 32 || (!/^[0-9a-fA-F]{64}$/.test(text) && !/^[A-Za-z0-9+/_-]{43}=?$/.test(text)))
    throw new Error(
      'TEXTCLASS_CONNECTOR_KEY must be 32 bytes as 64 hex digits or base64 (e.g. `openssl rand -base64 32`)',
    );
  return key;
}

export function createCredentialCipher(key: Buffer): CredentialCipher {
  if (key.length !== 32) throw new Error('an AES-256-GCM key is 32 bytes');
  return {
    seal(plaintext) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
    },
    open(sealed) {
      if (!sealed.startsWith(PREFIX)) throw new Error('sealed credentials in an unknown format');
      const bytes = Buffer.from(sealed.slice(PREFIX.length), 'base64');
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
      decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      try {
        return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString(
          'utf8',
        );
      } catch {
        throw new Error(
          'the connector credentials do not open with this TEXTCLASS_CONNECTOR_KEY (was the key changed?)',
        );
      }
    },
  };
}
