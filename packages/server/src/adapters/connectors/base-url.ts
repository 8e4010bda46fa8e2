// A connector's base URL passes the webhook address guard: http(s), no credentials in it, public addresses only unless allowed.
import { lookup as dnsLookup } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { checkWebhookUrl } from '../webhook-sender/address-guard.js';
import { guarded } from '../webhook-sender/http-sender.js';

/** Wraps a DNS lookup so that a connection to a non-public address fails where it is made (no DNS rebinding). */
export const guardedLookup: (lookup: LookupFunction) => LookupFunction = guarded;

/**
 * The base URL's problem as a sentence, or null when a connector may call it. The same checks as a webhook URL; the
 * hint names the connector setting rather than the webhook one.
 */
export async function checkConnectorBaseUrl(
  raw: string,
  allowPrivateAddresses: boolean,
  lookup: LookupFunction = dnsLookup,
): Promise<string | null> {
  const problem = await checkWebhookUrl(raw, allowPrivateAddresses, lookup);
  return problem === null
    ? null
    : problem.replace(
        / \(set [A-Z_]+=true to allow\)$/,
        ' (the operator has not allowed private addresses for connectors)',
      );
}
