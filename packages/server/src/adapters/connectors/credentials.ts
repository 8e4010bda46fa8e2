// Reads one credential field of a connector, failing with a clear message (naming the field, never its value) when absent.
import { type ConnectorType, RemoteSystemError } from '../../core/ports/connector-sources.js';

export function requireCredential(type: ConnectorType, credentials: Record<string, string>, field: string): string {
  const value = Object.hasOwn(credentials, field) ? credentials[field] : undefined;
  if (value === undefined || value === '')
    throw new RemoteSystemError('auth', null, `the ${type} connector needs the credential field "${field}"`);
  return value;
}
