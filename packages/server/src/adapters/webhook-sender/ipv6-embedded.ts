// IPv6 addresses as 16 bytes, and the IPv4 addresses an IPv6 address carries inside it (mapped, compatible, NAT64, 6to4, Teredo).
import { isIP } from 'node:net';

/** The 16 bytes of an IPv6 address (a zone id is ignored), or null when it is not one. */
export function ipv6Bytes(address: string): Uint8Array | null {
  const text = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (isIP(text) !== 6) return null;
  let groups = text.split(':');
  const last = groups[groups.length - 1]!;
  if (last.includes('.')) {
    const octets = last.split('.').map(Number);
    groups = [
      ...groups.slice(0, -1),
      ((octets[0]! << 8) | octets[1]!).toString(16),
      ((octets[2]! << 8) | octets[3]!).toString(16),
    ];
  }
  const gap = groups.indexOf('');
  if (gap !== -1) {
    const head = groups.slice(0, gap).filter((g) => g !== '');
    const tail = groups.slice(gap + 1).filter((g) => g !== '');
    groups = [...head, ...Array<string>(8 - head.length - tail.length).fill('0'), ...tail];
  }
  if (groups.length !== 8) return null;
  const bytes = new Uint8Array(16);
  groups.forEach((group, i) => {
    const value = Number.parseInt(group, 16);
    bytes[2 * i] = value >> 8;
    bytes[2 * i + 1] = value & 0xff;
  });
  return bytes;
}

const dotted = (bytes: Uint8Array, at: number, xor = 0): string =>
  Array.from(bytes.subarray(at, at + 4), (b) => String(b ^ xor)).join('.');

const zeros = (bytes: Uint8Array, from: number, to: number): boolean => bytes.subarray(from, to).every((b) => b === 0);

/**
 * The IPv4 addresses embedded in an IPv6 address, to be judged by the IPv4 rules:
 * IPv4-mapped ::ffff:0:0/96, IPv4-translated ::ffff:0:0:0/96, IPv4-compatible ::/96, NAT64 64:ff9b::/96,
 * 6to4 2002::/16 and Teredo 2001::/32 (its server, and its client XORed with 0xffffffff).
 */
export function embeddedIPv4(bytes: Uint8Array): string[] {
  const word = (at: number) => (bytes[at]! << 8) | bytes[at + 1]!;
  if (zeros(bytes, 0, 10) && word(10) === 0xffff) return [dotted(bytes, 12)];
  if (zeros(bytes, 0, 8) && word(8) === 0xffff && word(10) === 0) return [dotted(bytes, 12)];
  if (zeros(bytes, 0, 12)) return [dotted(bytes, 12)];
  if (word(0) === 0x64 && word(2) === 0xff9b && zeros(bytes, 4, 12)) return [dotted(bytes, 12)];
  if (word(0) === 0x2002) return [dotted(bytes, 2)];
  if (word(0) === 0x2001 && word(2) === 0) return [dotted(bytes, 4), dotted(bytes, 12, 0xff)];
  return [];
}
