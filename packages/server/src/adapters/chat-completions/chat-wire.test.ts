// The chat-completions wire format: request bodies, feature fallbacks, answer parsing.
import { describe, expect, it } from 'vitest';
import type { ChatRequest } from '../../core/ports/chat.js';
import { chatBody, featuresBlamed, featuresOf, parseChatCompletion } from './chat-wire.js';

const request: ChatRequest = {
  messages: [
    { role: 'system', content: 'Classify.' },
    { role: 'user', content: '"hi"' },
  ],
  temperature: 0,
  maxTokens: 40,
  jsonSchema: { type: 'object' },
  logprobs: true,
  topLogprobs: 5,
};

describe('chatBody', () => {
  it('sends the schema as a strict response_format and asks for top log-probabilities', () => {
    expect(chatBody('qwen', request, featuresOf(request, new Set()))).toEqual({
      model: 'qwen',
      messages: request.messages,
      temperature: 0,
      max_tokens: 40,
      stream: false,
      response_format: {
        type: 'json_schema',
        json_schema: { name: 'classification', schema: { type: 'object' }, strict: true },
      },
      logprobs: true,
      top_logprobs: 5,
    });
  });

  it('leaves out the features an endpoint does not take', () => {
    const body = chatBody('qwen', request, featuresOf(request, new Set(['response_format', 'logprobs'])));
    expect(body).not.toHaveProperty('response_format');
    expect(body).not.toHaveProperty('logprobs');
    expect(body).not.toHaveProperty('top_logprobs');
  });
});

describe('featuresBlamed', () => {
  const both = new Set(['response_format', 'logprobs'] as const);
  it('drops what the error names, or everything optional when it names nothing', () => {
    expect(featuresBlamed('{"error":"Either \\"json_schema\\" or \\"grammar\\" can be specified"}', both)).toEqual([
      'response_format',
    ]);
    expect(featuresBlamed('logprobs is not supported', both)).toEqual(['logprobs']);
    expect(featuresBlamed('bad request', both)).toEqual(['response_format', 'logprobs']);
    expect(featuresBlamed('logprobs is not supported', new Set(['response_format'] as const))).toEqual([
      'response_format',
    ]);
  });
});

describe('parseChatCompletion', () => {
  it('reads the first choice with its token log-probabilities', () => {
    const body = JSON.stringify({
      choices: [
        {
          message: { role: 'assistant', content: '{"label": "a"}' },
          logprobs: {
            content: [
              {
                token: '{"',
                logprob: -0.01,
                bytes: [123, 34],
                top_logprobs: [
                  { token: '{"', logprob: -0.01 },
                  { token: '{', logprob: -4.6 },
                ],
              },
            ],
          },
        },
      ],
    });
    expect(parseChatCompletion(body)).toEqual({
      content: '{"label": "a"}',
      tokenLogprobs: [
        {
          token: '{"',
          logprob: -0.01,
          top: [
            { token: '{"', logprob: -0.01 },
            { token: '{', logprob: -4.6 },
          ],
        },
      ],
    });
  });

  it('reads a null content as empty and ignores log-probabilities it cannot read', () => {
    expect(
      parseChatCompletion(
        '{"choices":[{"message":{"content":null,"refusal":"no"},"logprobs":{"content":[{"token":1}]}}]}',
      ),
    ).toEqual({ content: '' });
  });

  it('answers null for bodies that are not chat completions', () => {
    for (const body of [
      '',
      '{"choices": [',
      '{"object":"error"}',
      '{"choices":[]}',
      '{"choices":[{"text":"x"}]}',
      '{"choices":[{"message":{"content":5}}]}',
    ]) {
      expect(parseChatCompletion(body)).toBeNull();
    }
  });
});
