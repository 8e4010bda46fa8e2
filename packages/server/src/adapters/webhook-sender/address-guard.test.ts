// Webhook URL checks: private, loopback, link-local and other non-public targets refused unless allowed; only http(s).
import { describe, expect, it } from 'vitest';
import { checkWebhookUrl, isNonPublicAddress } from './address-guard.js';

describe('webhook address guard', () => {
  it('classifies addresses', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
    ]) {
      expect(isNonPublicAddress(address), address).toBe(true);
    }
    for (const address of ['192.0.2.10', '203.0.113.8', '2001:db8::1', '::ffff:203.0.113.8']) {
      expect(isNonPublicAddress(address), address).toBe(false);
    }
  });

  it('judges every IPv6 form that embeds an IPv4 address by the IPv4 rules', () => {
    const forms: Array<[string, string, string]> = [
      // [form, embedding 127.0.0.1 / 10.0.0.1 / 169.254.169.254, embedding 203.0.113.8]
      ['IPv4-mapped', '::ffff:7f00:1', '::ffff:cb00:7108'],
      ['IPv4-mapped, dotted', '::ffff:169.254.169.254', '::ffff:203.0.113.8'],
      ['IPv4-mapped, expanded', '0:0:0:0:0:ffff:a00:1', '0:0:0:0:0:ffff:cb00:7108'],
      ['IPv4-translated', '::ffff:0:7f00:1', '::ffff:0:cb00:7108'],
      ['IPv4-compatible', '::7f00:1', '::cb00:7108'],
      ['IPv4-compatible, dotted', '::10.0.0.1', '::203.0.113.8'],
      ['NAT64', '64:ff9b::7f00:1', '64:ff9b::cb00:7108'],
      ['NAT64, dotted', '64:ff9b::169.254.169.254', '64:ff9b::203.0.113.8'],
      ['6to4', '2002:7f00:1::', '2002:cb00:7108::'],
      ['6to4, with host bits', '2002:a00:1:1::1', '2002:cb00:7108:1::1'],
      ['Teredo (client XORed)', '2001:0:cb00:7108:0:0:80ff:fffe', '2001:0:cb00:7108:0:0:34ff:8ef7'],
      ['Teredo (server)', '2001:0:7f00:1:0:0:f7f7:f7f7', '2001:0:cb00:7108:8000:0:34ff:8ef7'],
    ];
    for (const [form, refused, allowed] of forms) {
      expect(isNonPublicAddress(refused), `${form} ${refused}`).toBe(true);
      expect(isNonPublicAddress(`[${refused}]`), `${form} [${refused}]`).toBe(true);
      expect(isNonPublicAddress(allowed), `${form} ${allowed}`).toBe(false);
    }
    // Local-use NAT64 is never globally reachable, whatever it embeds; a zone id changes nothing.
    expect(isNonPublicAddress('64:ff9b:1::cb00:7108')).toBe(true);
    expect(isNonPublicAddress('fe80::1%eth0')).toBe(true);
    expect(isNonPublicAddress('not an address')).toBe(true);
  });

  it('refuses URLs whose host is an IPv6 literal embedding a private IPv4 address, however it is written', async () => {
    for (const url of [
      'http://[2002:7f00:1::]/',
      'http://[::ffff:127.0.0.1]/hook',
      'http://[::127.0.0.1]/hook',
      'http://[64:ff9b::a9fe:a9fe]/latest',
      'http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/',
    ]) {
      expect(await checkWebhookUrl(url, false), url).toMatch(/private, loopback or link-local/);
      expect(await checkWebhookUrl(url, true), url).toBeNull();
    }
    expect(await checkWebhookUrl('http://[2002:cb00:7108::]/', false)).toBeNull();
  });

  it('refuses private and loopback targets (literal or resolved) unless allowed, and anything but http(s)', async () => {
    expect(await checkWebhookUrl('http://127.0.0.1:8080/hook', false)).toMatch(
      /127\.0\.0\.1.*TEXTCLASS_WEBHOOK_ALLOW_PRIVATE/,
    );
    expect(await checkWebhookUrl('http://[::1]/hook', false)).toMatch(/::1/);
    expect(await checkWebhookUrl('https://localhost/hook', false)).toMatch(/private, loopback or link-local/);
    expect(await checkWebhookUrl('http://169.254.169.254/latest', false)).toMatch(/169\.254\.169\.254/);
    expect(await checkWebhookUrl('https://192.0.2.10/hook', false)).toBeNull();
    expect(await checkWebhookUrl('http://127.0.0.1:8080/hook', true)).toBeNull();
    expect(await checkWebhookUrl('ftp://192.0.2.10/x', true)).toBe('must use http or https');
    expect(await checkWebhookUrl('https://user:pw@192.0.2.10/x', true)).toBe('must not carry credentials');
    expect(await checkWebhookUrl('not a url', true)).toBe('is not an absolute URL');
  });
});
