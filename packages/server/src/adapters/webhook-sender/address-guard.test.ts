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
    for (const address of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8']) {
      expect(isNonPublicAddress(address), address).toBe(false);
    }
  });

  it('refuses private and loopback targets (literal or resolved) unless allowed, and anything but http(s)', async () => {
    expect(await checkWebhookUrl('http://127.0.0.1:8080/hook', false)).toMatch(
      /127\.0\.0\.1.*TEXTCLASS_WEBHOOK_ALLOW_PRIVATE/,
    );
    expect(await checkWebhookUrl('http://[::1]/hook', false)).toMatch(/::1/);
    expect(await checkWebhookUrl('https://localhost/hook', false)).toMatch(/private, loopback or link-local/);
    expect(await checkWebhookUrl('http://169.254.169.254/latest', false)).toMatch(/169\.254\.169\.254/);
    expect(await checkWebhookUrl('https://93.184.216.34/hook', false)).toBeNull();
    expect(await checkWebhookUrl('http://127.0.0.1:8080/hook', true)).toBeNull();
    expect(await checkWebhookUrl('ftp://93.184.216.34/x', true)).toBe('must use http or https');
    expect(await checkWebhookUrl('https://user:pw@93.184.216.34/x', true)).toBe('must not carry credentials');
    expect(await checkWebhookUrl('not a url', true)).toBe('is not an absolute URL');
  });
});
