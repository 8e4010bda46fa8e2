// Refuses webhook targets that are private, loopback, link-local or otherwise not public addresses (unless the operator allows them).
import { lookup as dnsLookup } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { embeddedIPv4, ipv6Bytes } from './ipv6-embedded.js';

const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['100::', 64], // discard-only
  ['64:ff9b:1::', 48], // local-use NAT64 (RFC 8215): never globally reachable, whatever it embeds
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv6');
}

/**
 * True for addresses a webhook must not reach by default. An IPv6 address that embeds an IPv4 one (mapped, compatible,
 * NAT64, 6to4, Teredo) is refused when the embedded address would be.
 */
export function isNonPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family !== 6) return true;
  const bytes = ipv6Bytes(address);
  if (bytes === null) return true;
  const groups = Array.from({ length: 8 }, (_, i) => ((bytes[2 * i]! << 8) | bytes[2 * i + 1]!).toString(16));
  if (blocked.check(groups.join(':'), 'ipv6')) return true;
  return embeddedIPv4(bytes).some((v4) => blocked.check(v4, 'ipv4'));
}

/** Every address `host` resolves to, through `lookup` (node:dns's by default). */
export function resolveAll(host: string, lookup: LookupFunction = dnsLookup): Promise<string[]> {
  return new Promise((resolve, reject) => {
    lookup(host, { all: true, verbatim: true }, (error, addresses) => {
      if (error) return reject(error);
      resolve(Array.isArray(addresses) ? addresses.map((a) => a.address) : [addresses]);
    });
  });
}

/** Why an address is refused, as the end of a sentence that starts with the host. */
export const PRIVATE_ADDRESS_HINT = '(set TEXTCLASS_WEBHOOK_ALLOW_PRIVATE=true to allow)';
const refusal = (address: string) =>
  `resolves to ${address}, a private, loopback or link-local address ${PRIVATE_ADDRESS_HINT}`;

/** What can be checked of a URL without DNS: its scheme, no credentials, and an address written as the host. */
export type UrlForm = { url: URL; host: string; problem: null } | { url: null; host: null; problem: string };

/** A URL's form (see UrlForm); a host name's addresses are left to the caller (checkWebhookUrl, or where it connects). */
export function checkUrlForm(raw: string, allowPrivate: boolean): UrlForm {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { url: null, host: null, problem: 'is not an absolute URL' };
  }
  const fail = (problem: string): UrlForm => ({ url: null, host: null, problem });
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return fail('must use http or https');
  if (url.username !== '' || url.password !== '') return fail('must not carry credentials');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!allowPrivate && isIP(host) !== 0 && isNonPublicAddress(host)) return fail(refusal(host));
  return { url, host, problem: null };
}

/** A URL's problem as a sentence, or null when it may be called: http(s) only, every resolved address public (unless allowed). */
export async function checkWebhookUrl(
  raw: string,
  allowPrivate: boolean,
  lookup: LookupFunction = dnsLookup,
): Promise<string | null> {
  const form = checkUrlForm(raw, allowPrivate);
  if (form.problem !== null || allowPrivate || isIP(form.host) !== 0) return form.problem;
  const { host } = form;
  let addresses: string[];
  try {
    addresses = await resolveAll(host, lookup);
  } catch {
    return `host "${host}" does not resolve`;
  }
  if (addresses.length === 0) return `host "${host}" does not resolve`;
  const refused = addresses.find(isNonPublicAddress);
  return refused === undefined ? null : refusal(refused);
}
