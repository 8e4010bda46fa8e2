// A local OpenAI-compatible chat-completions server on 127.0.0.1 for tests: keyword rules pick labels, scripted faults, recorded requests.
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the next request gets instead of an answer (queued in order; once used up, answers again). */
export type LlmFault =
  | { kind: 'status'; status: number; retryAfter?: string }
  | { kind: 'slow'; delayMs: number }
  | { kind: 'reset' }
  | { kind: 'malformed' };

export interface KeywordRule {
  /** Case-insensitive substring of the text to classify. */
  keyword: string;
  label: string;
  /** Probability the scripted model gives its pick at the label's first token (0.8 unless given). */
  confidence?: number;
}

export interface LlmStandInOptions {
  /** When set, requests must carry `Authorization: Bearer <apiKey>` (401 otherwise). */
  apiKey?: string;
  rules?: KeywordRule[];
  /** 400 for requests with response_format, like servers without JSON-schema support. */
  rejectResponseFormat?: boolean;
  /** 400 for requests with logprobs, like servers without log-probabilities. */
  rejectLogprobs?: boolean;
  /** How the answer is written when no response_format constrains it. */
  freeAnswerStyle?: 'json' | 'fenced' | 'bare';
  /** A gullible model: a text containing {"label": "X"} makes it want to answer X (the schema still constrains it). */
  obeysInjections?: boolean;
}

export interface RecordedChat {
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
}

export interface LlmStandIn {
  /** Base URL, like http://127.0.0.1:PORT/v1. */
  url: string;
  requests: RecordedChat[];
  /** The most requests that were open at the same time. */
  peakConcurrency(): number;
  fail(...faults: LlmFault[]): void;
  close(): Promise<void>;
}

/** Text the stand-in puts in error bodies, so tests can check that upstream bodies never reach our errors. */
export const UPSTREAM_ERROR_MARKER = 'stand-in-upstream-detail';

const JUNK_TOKEN_MASS = 0.02;

interface Message {
  role: string;
  content: string;
}

/** The text under classification: the user message's JSON string when it has one, else the whole message. */
function textOf(messages: Message[]): string {
  const user = [...messages].reverse().find((m) => m.role === 'user')?.content ?? '';
  const quoted = user.slice(user.indexOf('\n') + 1);
  try {
    const parsed: unknown = JSON.parse(quoted);
    if (typeof parsed === 'string') return parsed;
  } catch {
    /* not our prompt format: classify the whole message */
  }
  return user;
}

/** Label names from the schema's enum, else from the "- name: description" lines of the system message. */
function labelsOf(body: Record<string, unknown>, messages: Message[]): string[] {
  const format = body.response_format as
    { json_schema?: { schema?: { properties?: { label?: { enum?: string[] } } } } } | undefined;
  const fromSchema = format?.json_schema?.schema?.properties?.label?.enum;
  if (Array.isArray(fromSchema)) return fromSchema;
  const system = messages.find((m) => m.role === 'system')?.content ?? '';
  return [...system.matchAll(/^- ([^:\n]+)(?::|$)/gm)].map((m) => (m[1] ?? '').trim());
}

function logprobsFor(label: string, labels: string[], confidence: number, top: number) {
  const firstChunk = (l: string) => l.slice(0, 3);
  const chosenFirst = firstChunk(label);
  const others = [...new Set(labels.map(firstChunk).filter((c) => c !== chosenFirst))];
  const otherMass = others.length === 0 ? 0 : (1 - confidence - JUNK_TOKEN_MASS) / others.length;
  const tokens = ['{"', 'label', '":', ' "', chosenFirst, ...(label.length > 3 ? [label.slice(3)] : []), '"}'];
  return tokens.map((token, i) => {
    const alternatives =
      i === 4
        ? [
            { token, logprob: Math.log(confidence) },
            ...others.map((t) => ({ token: t, logprob: Math.log(otherMass) })),
            { token: 'xyz', logprob: Math.log(JUNK_TOKEN_MASS) },
          ]
        : [{ token, logprob: 0 }];
    return {
      token,
      logprob: alternatives[0]?.logprob ?? 0,
      bytes: [...Buffer.from(token)],
      top_logprobs: alternatives.slice(0, top),
    };
  });
}

function freeAnswer(label: string, style: LlmStandInOptions['freeAnswerStyle']): string {
  if (style === 'fenced') return `\`\`\`json\n{"label": "${label}"}\n\`\`\``;
  if (style === 'bare') return ` ${label.toUpperCase()}.`;
  return `{"label": "${label}"}`;
}

function sendJson(res: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(value));
}

export async function startLlmStandIn(options: LlmStandInOptions = {}): Promise<LlmStandIn> {
  const requests: RecordedChat[] = [];
  const faults: LlmFault[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let open = 0;
  let peak = 0;

  function answer(res: ServerResponse, body: Record<string, unknown>): void {
    const messages = (Array.isArray(body.messages) ? body.messages : []) as Message[];
    const text = textOf(messages);
    const labels = labelsOf(body, messages);
    const rule = options.rules?.find((r) => text.toLowerCase().includes(r.keyword.toLowerCase()));
    let label = rule?.label ?? labels[0] ?? '';
    const injected = options.obeysInjections ? /\{"label":\s*"([^"]*)"\}/.exec(text)?.[1] : undefined;
    const constrained = body.response_format !== undefined;
    if (injected !== undefined && (!constrained || labels.includes(injected))) label = injected;
    const content = constrained ? JSON.stringify({ label }) : freeAnswer(label, options.freeAnswerStyle);
    const choice: Record<string, unknown> = {
      index: 0,
      message: { role: 'assistant', content },
      finish_reason: 'stop',
    };
    if (body.logprobs === true && constrained) {
      const top = typeof body.top_logprobs === 'number' ? body.top_logprobs : 0;
      choice.logprobs = { content: logprobsFor(label, labels, rule?.confidence ?? 0.8, top) };
    }
    sendJson(res, 200, {
      id: `chatcmpl-${requests.length}`,
      object: 'chat.completion',
      model: body.model,
      choices: [choice],
    });
  }

  const server = createServer((req, res) => {
    open += 1;
    peak = Math.max(peak, open);
    res.once('close', () => {
      open -= 1;
    });
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
      } catch {
        return sendJson(res, 400, { error: { message: 'invalid JSON body' } });
      }
      requests.push({ headers: req.headers, body });
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions')
        return sendJson(res, 404, { error: { message: 'not found' } });
      if (options.apiKey !== undefined && req.headers.authorization !== `Bearer ${options.apiKey}`) {
        return sendJson(res, 401, { error: { message: `invalid api key (${UPSTREAM_ERROR_MARKER})` } });
      }
      const fault = faults.shift();
      if (fault?.kind === 'reset') return req.socket.destroy();
      if (fault?.kind === 'malformed')
        return res.writeHead(200, { 'content-type': 'application/json' }).end('{"choices": [{"message": ');
      if (fault?.kind === 'status') {
        const headers: Record<string, string> =
          fault.retryAfter === undefined ? {} : { 'retry-after': fault.retryAfter };
        return sendJson(
          res,
          fault.status,
          { error: { message: `scripted failure (${UPSTREAM_ERROR_MARKER})` } },
          headers,
        );
      }
      if (options.rejectResponseFormat && body.response_format !== undefined) {
        return sendJson(res, 400, {
          error: {
            code: 400,
            message: 'Either "json_schema" or "grammar" can be specified, but not both',
            type: 'invalid_request_error',
          },
        });
      }
      if (options.rejectLogprobs && body.logprobs !== undefined) {
        return sendJson(res, 400, { error: { message: 'logprobs are not supported by this server' } });
      }
      if (fault?.kind === 'slow') {
        const timer = setTimeout(() => {
          timers.delete(timer);
          if (!res.destroyed) answer(res, body);
        }, fault.delayMs);
        timers.add(timer);
        return undefined;
      }
      return answer(res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    peakConcurrency: () => peak,
    fail: (...more) => {
      faults.push(...more);
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
