// Standard Webhooks signatures (`v1,` + base64 HMAC-SHA256 of `id.timestamp.body`) with node:crypto's HMAC and each secret's key decoded once.
import { createHmac } from 'node:crypto';
import { LruMap } from '../shared/lru-map.js';

const PREFIX = 'whsec_';
/** Keys decoded per secret; an endpoint's secret changes only on rotation, so few are ever held. */
const MAX_KEYS = 1_024;

export class WebhookSigner {
  readonly #keys = new LruMap<string, Buffer>(MAX_KEYS);

  /** The `webhook-signature` header of a message: the same value as standardwebhooks' `new Webhook(secret).sign(…)`. */
  sign(secret: string, messageId: string, timestamp: Date, body: string): string {
    const seconds = Math.floor(timestamp.getTime() / 1000);
    const digest = createHmac('sha256', this.key(secret)).update(`${messageId}.${seconds}.${body}`).digest('base64');
    return `v1,${digest}`;
  }

  private key(secret: string): Buffer {
    let key = this.#keys.get(secret);
    if (key === undefined) {
      key = Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, 'base64');
      if (key.length === 0) throw new Error("Secret can't be empty.");
      this.#keys.set(secret, key);
    }
    return key;
  }
}
