// The OpenAI chat-completions wire format: the request body we send and the answer we read back.
import type { ChatAnswer, ChatRequest, TokenAlternative, TokenLogprob } from '../../core/ports/chat.js';

/** Optional request features some OpenAI-compatible servers reject. */
export type ChatFeature = 'response_format' | 'logprobs';

/** The features a request asks for, less those the endpoint is known not to take. */
export function featuresOf(request: ChatRequest, unsupported: ReadonlySet<ChatFeature>): Set<ChatFeature> {
  const features = new Set<ChatFeature>();
  if (request.jsonSchema && !unsupported.has('response_format')) features.add('response_format');
  if (request.logprobs && !unsupported.has('logprobs')) features.add('logprobs');
  return features;
}

export function chatBody(
  model: string,
  request: ChatRequest,
  features: ReadonlySet<ChatFeature>,
): Record<string, unknown> {
  const body: Record<string, unknown> = {
    model,
    messages: request.messages,
    temperature: request.temperature,
    max_tokens: request.maxTokens,
    stream: false,
  };
  if (features.has('response_format') && request.jsonSchema) {
    body.response_format = {
      type: 'json_schema',
      json_schema: { name: 'classification', schema: request.jsonSchema, strict: true },
    };
  }
  if (features.has('logprobs')) {
    body.logprobs = true;
    if (request.topLogprobs !== undefined) body.top_logprobs = request.topLogprobs;
  }
  return body;
}

/** Which of the sent features a 400 answer's body blames; all of them when it names none. */
export function featuresBlamed(errorBody: string, sent: ReadonlySet<ChatFeature>): ChatFeature[] {
  const text = errorBody.toLowerCase();
  const blamed: ChatFeature[] = [];
  if (sent.has('logprobs') && text.includes('logprob')) blamed.push('logprobs');
  if (sent.has('response_format') && /response_format|json_schema|grammar|schema/.test(text))
    blamed.push('response_format');
  return blamed.length > 0 ? blamed : [...sent];
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function alternative(raw: unknown): TokenAlternative | null {
  if (!isRecord(raw) || typeof raw.token !== 'string' || typeof raw.logprob !== 'number') return null;
  return { token: raw.token, logprob: raw.logprob };
}

function tokenLogprobs(raw: unknown): TokenLogprob[] | undefined {
  if (!isRecord(raw) || !Array.isArray(raw.content)) return undefined;
  const tokens: TokenLogprob[] = [];
  for (const entry of raw.content) {
    const chosen = alternative(entry);
    if (!chosen || !isRecord(entry)) return undefined;
    const top = Array.isArray(entry.top_logprobs)
      ? entry.top_logprobs.map(alternative).filter((a): a is TokenAlternative => a !== null)
      : [];
    tokens.push({ ...chosen, top });
  }
  return tokens.length > 0 ? tokens : undefined;
}

function messageText(content: unknown): string | null {
  if (content === null || content === undefined) return '';
  if (typeof content === 'string') return content;
  if (Array.isArray(content))
    return content.map((part) => (isRecord(part) && typeof part.text === 'string' ? part.text : '')).join('');
  return null;
}

/** The first choice of a chat-completions answer, or null when the body is not one. */
export function parseChatCompletion(body: string): ChatAnswer | null {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return null;
  }
  if (!isRecord(json) || !Array.isArray(json.choices)) return null;
  const choice: unknown = json.choices[0];
  if (!isRecord(choice) || !isRecord(choice.message)) return null;
  const content = messageText(choice.message.content);
  if (content === null) return null;
  const logprobs = tokenLogprobs(choice.logprobs);
  return logprobs ? { content, tokenLogprobs: logprobs } : { content };
}
