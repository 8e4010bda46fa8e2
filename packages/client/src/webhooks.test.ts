// verifyWebhook and webhookMiddleware against deliveries signed with the standardwebhooks package, as the server signs them.
import { EventEmitter } from 'node:events';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { verifyWebhook, webhookMiddleware, WebhookVerificationError } from './webhooks.js';

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw8xwYV7mW6dE=';
const SENT_AT = new Date('2026-01-12T10:15:03Z');
const BODY = JSON.stringify({ event: 'classification.completed', row_id: '3', text: 'ünïcødé ✓' });

function signed(body = BODY, at = SENT_AT, secret = SECRET): Record<string, string> {
  return {
    'webhook-id': 'msg_1',
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign('msg_1', at, body),
  };
}

const codeOf = (fn: () => unknown): string | undefined => {
  try {
    fn();
  } catch (error) {
    return error instanceof WebhookVerificationError ? error.code : 'OTHER';
  }
  return undefined;
};

describe('verifyWebhook', () => {
  it('returns the parsed event for a genuine delivery (string, bytes or Headers)', () => {
    expect(verifyWebhook(SECRET, signed(), BODY, { now: SENT_AT })).toEqual(JSON.parse(BODY));
    expect(verifyWebhook(SECRET, new Headers(signed()), new TextEncoder().encode(BODY), { now: SENT_AT })).toEqual(
      JSON.parse(BODY),
    );
  });

  it('accepts any of several signatures (during a secret rotation)', () => {
    const headers = signed();
    headers['webhook-signature'] =
      `${new Webhook('whsec_b3RoZXJzZWNyZXRvdGhlcnNlY3JldG90aGVyc2VjcmV0').sign('msg_1', SENT_AT, BODY)} ${headers['webhook-signature']}`;
    expect(verifyWebhook(SECRET, headers, BODY, { now: SENT_AT })).toEqual(JSON.parse(BODY));
  });

  it('refuses a changed body, another secret and missing headers, with a typed error', () => {
    expect(codeOf(() => verifyWebhook(SECRET, signed(), BODY.replace('3', '4'), { now: SENT_AT }))).toBe(
      'INVALID_SIGNATURE',
    );
    expect(
      codeOf(() =>
        verifyWebhook('whsec_b3RoZXJzZWNyZXRvdGhlcnNlY3JldG90aGVyc2VjcmV0', signed(), BODY, { now: SENT_AT }),
      ),
    ).toBe('INVALID_SIGNATURE');
    const { 'webhook-signature': _dropped, ...partial } = signed();
    expect(codeOf(() => verifyWebhook(SECRET, partial, BODY, { now: SENT_AT }))).toBe('MISSING_HEADERS');
    expect(
      codeOf(() => verifyWebhook(SECRET, { ...signed(), 'webhook-timestamp': 'soon' }, BODY, { now: SENT_AT })),
    ).toBe('INVALID_TIMESTAMP');
  });

  it('holds the timestamp to 5 minutes either way by default, and to toleranceSeconds when given', () => {
    const at = (seconds: number) => new Date(SENT_AT.getTime() + seconds * 1000);
    expect(codeOf(() => verifyWebhook(SECRET, signed(), BODY, { now: at(300) }))).toBeUndefined();
    expect(codeOf(() => verifyWebhook(SECRET, signed(), BODY, { now: at(-300) }))).toBeUndefined();
    expect(codeOf(() => verifyWebhook(SECRET, signed(), BODY, { now: at(301) }))).toBe('TIMESTAMP_OUT_OF_TOLERANCE');
    expect(codeOf(() => verifyWebhook(SECRET, signed(), BODY, { now: at(-301) }))).toBe('TIMESTAMP_OUT_OF_TOLERANCE');
    expect(
      codeOf(() => verifyWebhook(SECRET, signed(), BODY, { now: at(301), toleranceSeconds: 600 })),
    ).toBeUndefined();
    expect(codeOf(() => verifyWebhook(SECRET, signed(), BODY, { now: at(31), toleranceSeconds: 30 }))).toBe(
      'TIMESTAMP_OUT_OF_TOLERANCE',
    );
  });
});

describe('webhookMiddleware', () => {
  function run(headers: Record<string, string>, chunks: string[] | Buffer) {
    const req = Object.assign(new EventEmitter(), {
      headers,
      body: Buffer.isBuffer(chunks) ? chunks : undefined,
      webhook: undefined as unknown,
    });
    const answered: Array<{ status: number; body: unknown }> = [];
    const res = { status: (status: number) => ({ json: (body: unknown) => answered.push({ status, body }) }) };
    let nextCalls = 0;
    webhookMiddleware(SECRET, { now: SENT_AT })(req, res, () => {
      nextCalls += 1;
    });
    if (!Buffer.isBuffer(chunks)) {
      for (const chunk of chunks) req.emit('data', Buffer.from(chunk));
      req.emit('end');
    }
    return { req, answered, nextCalls };
  }

  it('reads the raw body from the stream, sets req.webhook and calls next', () => {
    const { req, answered, nextCalls } = run(signed(), [BODY.slice(0, 10), BODY.slice(10)]);
    expect(nextCalls).toBe(1);
    expect(answered).toEqual([]);
    expect(req.webhook).toEqual(JSON.parse(BODY));
  });

  it('uses a Buffer left by express.raw and answers 400 with the code on a bad signature', () => {
    expect(run(signed(), Buffer.from(BODY)).nextCalls).toBe(1);
    const refused = run(signed(), Buffer.from(BODY.replace('3', '4')));
    expect(refused.nextCalls).toBe(0);
    expect(refused.answered).toEqual([{ status: 400, body: { error: expect.any(String), code: 'INVALID_SIGNATURE' } }]);
  });
});
