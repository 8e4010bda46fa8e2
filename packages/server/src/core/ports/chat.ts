// The ports of llm heads: an operator-configured chat-completions endpoint they ask, and an observer of their answers.

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface ChatRequest {
  messages: ChatMessage[];
  temperature: number;
  maxTokens: number;
  /** JSON schema the answer must follow (sent as a strict `response_format`); endpoints that reject it get the request without. */
  jsonSchema?: object;
  /** Ask for per-token log-probabilities; endpoints that reject them get the request without. */
  logprobs?: boolean;
  /** How many alternatives per position to return with `logprobs`. */
  topLogprobs?: number;
}

export interface TokenAlternative {
  token: string;
  logprob: number;
}

export interface TokenLogprob extends TokenAlternative {
  /** The most likely tokens at this position (usually including the chosen one). */
  top: TokenAlternative[];
}

export interface ChatAnswer {
  /** The assistant message's text ('' when the endpoint gave none). */
  content: string;
  /** One entry per generated token, when log-probabilities were asked for and the endpoint gave them. */
  tokenLogprobs?: TokenLogprob[];
}

/** What the caller is doing, so that errors can name it (never sent upstream). */
export interface ChatContext {
  modelId?: number;
}

export interface ChatCompletions {
  /** Sends one chat to the endpoint configured under `endpoint`; rejects with a DomainError('UNAVAILABLE') on upstream failure. */
  complete(endpoint: string, request: ChatRequest, context?: ChatContext): Promise<ChatAnswer>;
  /** How many requests the endpoint takes at once (its configured max_concurrency); 1 for unknown endpoints. */
  maxConcurrency(endpoint: string): number;
}

/** Told about answers that named no label (their rows are uniform), e.g. to count them in a metric. */
export interface LlmAnswerObserver {
  answerUnmatched(modelId: number, endpoint: string): void;
}
