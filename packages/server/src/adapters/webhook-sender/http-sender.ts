// Sends webhook POSTs with node:http(s): a hard timeout, no redirects, the target's address checked at connection time (no DNS lookup per send), and sends given a lane queued behind its limit.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { WebhookSender } from '../../core/ports/pipeline.js';
import { checkUrlForm, isNonPublicAddress, PRIVATE_ADDRESS_HINT } from './address-guard.js';
import { withSendLanes } from './send-lanes.js';

/**
 * Wraps a DNS lookup so that it fails for non-public addresses: what is checked is exactly what is connected to.
 * `hint` ends the refusal's message; `refuses` is the address policy (isNonPublicAddress; tests inject one).
 */
export function guarded(
  lookup: LookupFunction,
  hint = '',
  refuses: (address: string) => boolean = isNonPublicAddress,
): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname, { ...options, all: true }, (error, found) => {
      if (error) return callback(error, '', 0);
      const addresses: LookupAddress[] = Array.isArray(found)
        ? found
        : [{ address: found, family: isIP(found) === 6 ? 6 : 4 }];
      const refused = addresses.find((a) => refuses(a.address));
      if (refused)
        return callback(new Error(`${hostname} resolves to ${refused.address}, a non-public address${hint}`), '', 0);
      if (options.all) return callback(null, addresses);
      const first = addresses[0];
      return first
        ? callback(null, first.address, first.family)
        : callback(new Error(`${hostname} has no address`), '', 0);
    });
  };
}

export interface HttpSenderOptions {
  /** The DNS lookup where a connection is made (node:dns's by default; tests inject one). */
  lookup?: LookupFunction;
  /** Which resolved addresses are refused (isNonPublicAddress by default; tests inject one). */
  refuses?: (address: string) => boolean;
}

/**
 * A host name is looked up where a connection is made, and only there: a kept-alive connection carries many sends
 * to the address checked when it opened. (A lookup before each send as well cost one `getaddrinfo` on libuv's
 * four-thread pool per webhook, and, in a cluster with search domains, several DNS queries.) An address written in
 * the URL is never looked up, so it is checked here, with the URL's form.
 */
export function createHttpSender(allowPrivate: boolean, options: HttpSenderOptions = {}): WebhookSender {
  const lookup = options.lookup ?? dnsLookup;
  const connectLookup = allowPrivate ? lookup : guarded(lookup, ` ${PRIVATE_ADDRESS_HINT}`, options.refuses);
  return withSendLanes({
    async send(url, headers, body, timeoutMs) {
      const { url: target, problem } = checkUrlForm(url, allowPrivate);
      if (problem !== null) throw new Error(`url ${problem}`);
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
