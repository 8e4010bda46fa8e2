// The llm head: one chat per text to the model's configured endpoint, bounded by the endpoint's concurrency, answers parsed into label probabilities.
import type { Head } from '../classification/heads.js';
import type { Model } from '../shared/types.js';
import { DEFAULT_ANSWER_CONFIDENCE, parseAnswer, type ParsedAnswer } from './answer-parser.js';
import { mapBounded } from './bounded-map.js';
import type { ChatCompletions, ChatRequest, LlmAnswerObserver } from '../ports/chat.js';
import { llmSettingsOf } from './llm-settings.js';
import { classificationMessages, labelAnswerSchema } from './prompt.js';

export interface LlmHeadOptions {
  /** Confidence of the named label when the endpoint gives no log-probabilities (see answer-parser.ts). */
  answerConfidence?: number;
  observer?: LlmAnswerObserver;
}

/** Room for `{"label": "<longest label>"}` and some slack for endpoints that answer without the schema. */
function maxTokensFor(labels: string[]): number {
  return 64 + Math.max(0, ...labels.map((l) => l.length));
}

/** The request for one text: constrained to the label names, with log-probabilities of enough alternatives. */
export function chatRequestFor(model: Model, text: string): ChatRequest {
  const settings = llmSettingsOf(model);
  const names = model.labels.map((l) => l.name);
  return {
    messages: classificationMessages(settings.prompt, model.labels, text),
    temperature: settings.temperature,
    maxTokens: maxTokensFor(names),
    jsonSchema: labelAnswerSchema(model.labels),
    logprobs: true,
    topLogprobs: Math.min(20, Math.max(5, names.length)),
  };
}

/** Classifies texts with the model's endpoint, one answer per text in input order; rejects with the first upstream failure. */
export async function classifyWithLlm(
  model: Model,
  chat: ChatCompletions,
  texts: readonly string[],
  options: LlmHeadOptions = {},
): Promise<ParsedAnswer[]> {
  const { endpoint } = llmSettingsOf(model);
  const names = model.labels.map((l) => l.name);
  const confidence = options.answerConfidence ?? DEFAULT_ANSWER_CONFIDENCE;
  return mapBounded(texts, chat.maxConcurrency(endpoint), async (text) => {
    const answer = await chat.complete(endpoint, chatRequestFor(model, text), { modelId: model.id });
    const parsed = parseAnswer(answer, names, confidence);
    if (parsed.source === 'unmatched') options.observer?.answerUnmatched(model.id, endpoint);
    return parsed;
  });
}

export function llmHead(model: Model, chat: ChatCompletions, options: LlmHeadOptions = {}): Head {
  llmSettingsOf(model);
  return {
    labels: model.labels.map((l) => l.name),
    predict: async (input) => (await classifyWithLlm(model, chat, input.texts, options)).map((a) => a.probabilities),
  };
}
