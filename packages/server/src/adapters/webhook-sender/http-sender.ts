// Sends webhook POSTs with node:http(s): a hard timeout, no redirects, the target's address checked at connection time, and sends given a lane queued behind its limit.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { WebhookSender } from '../../core/ports/pipeline.js';
import { checkWebhookUrl, isNonPublicAddress } from './address-guard.js';
import { withSendLanes } from './send-lanes.js';

/** Wraps a DNS lookup so that it fails for non-public addresses: what is checked is exactly what is connected to. */
export function guarded(lookup: LookupFunction): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname, { ...options, all: true }, (error, found) => {
      if (error) return callback(error, '', 0);
      const addresses: LookupAddress[] = Array.isArray(found)
        ? found
        : [{ address: found, family: isIP(found) === 6 ? 6 : 4 }];
      const refused = addresses.find((a) => isNonPublicAddress(a.address));
      if (refused)
        return callback(new Error(`${hostname} resolves to ${refused.address}, a non-public address`), '', 0);
      if (options.all) return callback(null, addresses);
      const first = addresses[0];
      return first
        ? callback(null, first.address, first.family)
        : callback(new Error(`${hostname} has no address`), '', 0);
    });
  };
}

export interface HttpSenderOptions {
  /** The DNS lookup, checked both before the request and where it connects (node:dns's by default; tests inject one). */
  lookup?: LookupFunction;
}

export function createHttpSender(allowPrivate: boolean, options: HttpSenderOptions = {}): WebhookSender {
  const lookup = options.lookup ?? dnsLookup;
  const connectLookup = allowPrivate ? lookup : guarded(lookup);
  return withSendLanes({
    async send(url, headers, body, timeoutMs) {
      const problem = await checkWebhookUrl(url, allowPrivate, lookup);
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
            lookup: connectLookup,
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
  });
}
