// Sends one webhook POST with node:http(s): a hard timeout, no redirects, and the target's address checked at connection time.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { WebhookSender } from '../../core/ports/pipeline.js';
import { checkWebhookUrl, isNonPublicAddress } from './address-guard.js';

/** A DNS lookup that fails for non-public addresses, so what is checked is exactly what is connected to. */
const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 0);
    const refused = addresses.find((a) => isNonPublicAddress(a.address));
    if (refused) return callback(new Error(`${hostname} resolves to ${refused.address}, a non-public address`), '', 0);
    if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
    const first = addresses[0];
    return first
      ? callback(null, first.address, first.family)
      : callback(new Error(`${hostname} has no address`), '', 0);
  });
};

export function createHttpSender(allowPrivate: boolean): WebhookSender {
  return {
    async send(url, headers, body, timeoutMs) {
      const problem = await checkWebhookUrl(url, allowPrivate);
      if (problem !== null) throw new Error(`url ${problem}`);
      const target = new URL(url);
      const request = target.protocol === 'https:' ? https.request : http.request;
      return new Promise((resolve, reject) => {
        const req = request(
          target,
          {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(body),
              'user-agent': 'textclass-webhooks',
              ...headers,
            },
            ...(allowPrivate ? {} : { lookup: guardedLookup }),
          },
          (res) => {
            clearTimeout(timer);
            res.resume();
            resolve({ statusCode: res.statusCode ?? 0 });
          },
        );
        const timer = setTimeout(() => req.destroy(new Error(`no response within ${timeoutMs / 1000} s`)), timeoutMs);
        req.once('error', (error) => {
          clearTimeout(timer);
          reject(error);
        });
        req.end(body);
      });
    },
  };
}
