// The signer's headers are exactly standardwebhooks' own, for new and rotated secrets, any body, and verify with the library.
import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { WebhookSigner } from './webhook-signer.js';

const secret = () => `whsec_${randomBytes(32).toString('base64')}`;

describe('WebhookSigner', () => {
  it('signs as standardwebhooks does, with the key of each secret', () => {
    const signer = new WebhookSigner();
    const secrets = [secret(), secret(), `whsec_${randomBytes(24).toString('base64')}`];
    const bodies = [
      '{}',
      '{"text":"café — naïve 😀 \\u2028","row_id":"7"}',
      JSON.stringify({ text: 'x'.repeat(70_000) }),
    ];
    for (const s of [...secrets, secrets[0]!])
      for (const body of bodies) {
        const at = new Date(1_767_000_000_123 + body.length);
        const signature = signer.sign(s, 'msg_2KWPBgLlAfxdpx2AI54pPJ85f4W', at, body);
        expect(signature).toBe(new Webhook(s).sign('msg_2KWPBgLlAfxdpx2AI54pPJ85f4W', at, body));
        const headers = {
          'webhook-id': 'msg_2KWPBgLlAfxdpx2AI54pPJ85f4W',
          'webhook-timestamp': String(Math.floor(Date.now() / 1000)),
          'webhook-signature': signer.sign(s, 'msg_2KWPBgLlAfxdpx2AI54pPJ85f4W', new Date(), body),
        };
        expect(new Webhook(s).verify(body, headers)).toBeDefined();
      }
  });

  it('refuses an empty secret as the library does', () => {
    expect(() => new WebhookSigner().sign('whsec_', 'msg_1', new Date(), '{}')).toThrow("Secret can't be empty.");
  });
});
