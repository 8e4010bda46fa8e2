// OpenAI's embeddings `input` as texts: token-id arrays pass the contract, but textclass encoders read text only.
import type { RequestHandler } from 'express';
import { HttpError } from '../errors/http-error.js';

/** A text or texts; token-id arrays are refused with a 400 naming `input`. */
export function openAiInputTexts(input: unknown): string[] {
  const texts = typeof input === 'string' ? [input] : (input as unknown[]);
  if (!texts.every((t): t is string => typeof t === 'string'))
    throw new HttpError(
      'INVALID_PARAMETER',
      'input: token arrays are not supported; send text (a string or an array of strings)',
    );
  return texts;
}

/** The same rule ahead of a handler that does not embed (the mock's contract gate). */
export const checkOpenAiInput: RequestHandler = (req, _res, next) => {
  if (req.method === 'POST' && req.path === '/v1/embeddings')
    openAiInputTexts((req.body as { input?: unknown } | undefined)?.input);
  next();
};
