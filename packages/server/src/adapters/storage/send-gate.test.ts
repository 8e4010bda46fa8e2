// The send gate: statements outside transactions go at once and in order, a transaction holds every later sender back until its end is sent, and each send happens as it is granted.
import { describe, expect, it } from 'vitest';
import { SendGate } from './send-gate.js';

/** A send that logs its name when it is made and answers when `answer()` is called. */
function recorder() {
  const sent: string[] = [];
  const answers = new Map<string, () => void>();
  const send = (name: string) => () => {
    sent.push(name);
    return new Promise<string>((resolve) => answers.set(name, () => resolve(name)));
  };
  return { sent, send, answer: (name: string) => answers.get(name)!() };
}

describe('SendGate', () => {
  it('sends statements outside a transaction at once, without waiting for answers', () => {
    const gate = new SendGate();
    const { sent, send } = recorder();
    void gate.shared(send('a'));
    void gate.shared(send('b'));
    expect(sent).toEqual(['a', 'b']);
  });

  it('holds every later sender behind a transaction until its end is sent, then lets them go in order', async () => {
    const gate = new SendGate();
    const { sent, send, answer } = recorder();
    void gate.shared(send('before'));
    const begun = gate.exclusive(send('begin'));
    const later = gate.shared(send('outside'));
    const second = gate.exclusive(send('second begin'));
    const last = gate.shared(send('after second'));
    expect(sent).toEqual(['before', 'begin']);
    answer('begin');
    await begun;
    expect(sent).toEqual(['before', 'begin']);
    gate.release();
    // Granted synchronously on release: nothing can be sent between the end and these.
    expect(sent).toEqual(['before', 'begin', 'outside', 'second begin']);
    answer('outside');
    await expect(later).resolves.toBe('outside');
    answer('second begin');
    await second;
    expect(sent).not.toContain('after second');
    gate.release();
    expect(sent.at(-1)).toBe('after second');
    answer('after second');
    await expect(last).resolves.toBe('after second');
  });

  it('passes a failed send to its caller and keeps the gate working', async () => {
    const gate = new SendGate();
    const failing = gate.exclusive(() => Promise.reject(new Error('no transaction')));
    const waiting = gate.shared(() => Promise.resolve('ran'));
    await expect(failing).rejects.toThrow('no transaction');
    gate.release();
    await expect(waiting).resolves.toBe('ran');
  });
});
