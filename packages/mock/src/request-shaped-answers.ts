// Answers that follow the request: Prism returns a documented example whatever was asked; these reshape it per text.
import { base64Vector, fakeSimilarity, fakeVector } from './fake-vectors.js';

type Json = Record<string, unknown>;
type Prediction = { label: string } & Json;
type Reshape = (body: Json, example: Json, params: string[], labels: DocumentedLabels) => Json;
/** Each documented model's labels, as the contract's inference examples show them. */
export type DocumentedLabels = ReadonlyMap<number, readonly string[]>;

const INFERENCE_PATHS = ['/v2/models/{model_id}/inference', '/v2/models/inference', '/v2/multi-model/inference'];

/** Every label the contract's inference answers show for each model id (the union over its examples). */
export function documentedLabels(doc: Json): DocumentedLabels {
  const labels = new Map<number, Set<string>>();
  const add = (modelId: unknown, rows: unknown) => {
    if (typeof modelId !== 'number' || !Array.isArray(rows)) return;
    const known = labels.get(modelId) ?? new Set<string>();
    for (const row of rows as Prediction[][]) for (const p of row) known.add(p.label);
    labels.set(modelId, known);
  };
  const paths = doc.paths as Record<string, { post?: Json }>;
  for (const path of INFERENCE_PATHS) {
    const content = (
      ((Object.hasOwn(paths, path) ? paths[path]?.post : undefined)?.responses as Json | undefined)?.['200'] as
        Json | undefined
    )?.content as Record<string, { examples?: Record<string, { value: Json }> }> | undefined;
    for (const { value } of Object.values(content?.['application/json']?.examples ?? {})) {
      add(value.model_id, value.predictions);
      const results = value.results;
      if (Array.isArray(results)) for (const r of results as Json[]) add(r.model_id, r.predictions);
      else if (results && typeof results === 'object')
        for (const [id, r] of Object.entries(results as Record<string, Json>)) add(Number(id), r.predictions);
    }
  }
  return new Map([...labels].map(([id, set]) => [id, [...set]]));
}

/** A stand-in score per label for a text: stable for the same text, summing to 1, highest first. */
function scoresFor(text: string, labels: readonly string[]): Array<{ label: string; value: number }> {
  const weights = labels.map((label) => Math.exp(3 * (fakeVector(`${label}\u0000${text}`, 1, false)[0]! + 1)));
  const total = weights.reduce((sum, w) => sum + w, 0);
  return labels
    .map((label, i) => ({ label, value: Math.round((weights[i]! / total) * 10_000) / 10_000 }))
    .sort((a, b) => b.value - a.value);
}

/**
 * One prediction array per text over the model's documented labels (those of the example's rows when the model is not
 * documented), under the example's score name (`confidence`, or `score` in the model_settings variant), cut as
 * `label_filter` and `max_predictions` ask.
 */
function predictionsFor(texts: unknown[], labels: readonly string[], example: Prediction[][], settings: Json) {
  const scoreName = Object.keys(example[0]?.[0] ?? {}).find((key) => key !== 'label') ?? 'confidence';
  const filter = Array.isArray(settings.label_filter) ? new Set(settings.label_filter as string[]) : undefined;
  const max = typeof settings.max_predictions === 'number' ? settings.max_predictions : undefined;
  return texts.map((text) => {
    const row = scoresFor(String(text), labels)
      .filter((p) => !filter || filter.has(p.label))
      .map((p) => ({ label: p.label, [scoreName]: p.value }));
    return max === undefined ? row : row.slice(0, max);
  });
}

const texts = (body: Json): unknown[] => (Array.isArray(body.texts) ? body.texts : []);

type Decision = { label: string; confidence: number; threshold: number; decided: boolean };

/**
 * One decision per text, as the server adds them: the top label over all labels (whatever the cut), its confidence,
 * the cut-off the documented decisions show for that label (else the first one shown) and whether it clears it.
 */
function decisionsFor(texts: unknown[], labels: readonly string[], documented: unknown): { decisions?: Decision[] } {
  if (!Array.isArray(documented)) return {};
  const shown = documented as Decision[];
  return {
    decisions: texts.map((text) => {
      const top = scoresFor(String(text), labels)[0] ?? { label: '', value: 0 };
      const threshold = (shown.find((d) => d.label === top.label) ?? shown[0])?.threshold ?? 0.5;
      return { label: top.label, confidence: top.value, threshold, decided: top.value >= threshold };
    }),
  };
}

/** The model's documented labels, else those the example rows show. */
function labelsOf(modelId: number, labels: DocumentedLabels, rows: Prediction[][]): readonly string[] {
  return labels.get(modelId) ?? [...new Set(rows.flat().map((p) => p.label))];
}

const singleModel: Reshape = (body, example, [modelId], labels) => {
  const rows = example.predictions as Prediction[][];
  const modelLabels = labelsOf(Number(modelId), labels, rows);
  return {
    ...example,
    model_id: Number(modelId),
    predictions: predictionsFor(texts(body), modelLabels, rows, body),
    ...decisionsFor(texts(body), modelLabels, example.decisions),
  };
};

/** Variant B: one result per entry of `model_settings`, each with its own cut. */
const modelSettings: Reshape = (body, example, _params, labels) => {
  const documented = example.results as Array<Json & { model_id: number; predictions: Prediction[][] }>;
  const settings = body.model_settings as Array<Json & { model_id: number }>;
  return {
    ...example,
    results: settings.map((setting, i) => {
      const source = documented.find((r) => r.model_id === setting.model_id) ?? documented[i % documented.length]!;
      const modelLabels = labelsOf(setting.model_id, labels, source.predictions);
      return {
        ...source,
        model_id: setting.model_id,
        predictions: predictionsFor(texts(body), modelLabels, source.predictions, setting),
        ...decisionsFor(texts(body), modelLabels, source.decisions),
      };
    }),
  };
};

/** Variant A: results keyed by each requested model id. */
const modelIds: Reshape = (body, example, _params, labels) => {
  const documented = new Map(
    Object.entries(example.results as Record<string, { predictions: Prediction[][]; decisions?: unknown }>),
  );
  const fallbacks = [...documented.values()];
  return {
    ...example,
    results: Object.fromEntries(
      (body.model_ids as number[]).map((id, i) => {
        const source = documented.get(String(id)) ?? fallbacks[i % fallbacks.length]!;
        const modelLabels = labelsOf(id, labels, source.predictions);
        const predictions = predictionsFor(texts(body), modelLabels, source.predictions, body);
        return [String(id), { ...source, predictions, ...decisionsFor(texts(body), modelLabels, source.decisions) }];
      }),
    ),
  };
};

/** Every encoder answers with the documented default's dimensions, unless `dimensions` asks for fewer. */
const dimensionsOf = (body: Json, example: Json): number =>
  typeof body.dimensions === 'number' ? body.dimensions : (example.dimensions as number);

const tokensOf = (inputs: string[]) => inputs.reduce((sum, text) => sum + Math.max(1, text.split(/\s+/).length), 0);

const embeddings: Reshape = (body, example) => {
  const inputs = texts(body) as string[];
  const dimensions = dimensionsOf(body, example);
  const base64 = body.encoding_format === 'base64';
  return {
    ...example,
    encoder: typeof body.encoder === 'string' ? body.encoder : example.encoder,
    dimensions,
    encoding_format: base64 ? 'base64' : 'float',
    embeddings: inputs.map((text) => {
      const vector = fakeVector(text, dimensions, body.normalize !== false);
      return base64 ? base64Vector(vector) : vector;
    }),
    usage: { texts: inputs.length, tokens: tokensOf(inputs) },
  };
};

const openAiEmbeddings: Reshape = (body, example) => {
  const inputs = (Array.isArray(body.input) ? body.input : [body.input]) as string[];
  const dimensions = typeof body.dimensions === 'number' ? body.dimensions : 612;
  const tokens = tokensOf(inputs);
  return {
    ...example,
    data: inputs.map((text, index) => {
      const vector = fakeVector(text, dimensions);
      return {
        object: 'embedding',
        index,
        embedding: body.encoding_format === 'base64' ? base64Vector(vector) : vector,
      };
    }),
    model: body.model,
    usage: { prompt_tokens: tokens, total_tokens: tokens },
  };
};

/** For each compared text, the reference texts by similarity, highest first, `top_n` of them when given. */
const similarity: Reshape = (body) => {
  const base = Object.entries(body.base_texts as Record<string, string>).map(
    ([id, text]) => [id, fakeVector(text, 64)] as const,
  );
  const topN = typeof body.top_n === 'number' ? body.top_n : base.length;
  return Object.fromEntries(
    Object.entries(body.compare_to_texts as Record<string, string>).map(([id, text]) => {
      const vector = fakeVector(text, 64);
      const ranked = base
        .map(([baseId, baseVector]) => ({ id: baseId, similarity: fakeSimilarity(vector, baseVector) }))
        .sort((a, b) => b.similarity - a.similarity);
      return [id, ranked.slice(0, topN)];
    }),
  );
};

const RESHAPES: Array<[RegExp, Reshape]> = [
  [/^\/v2\/models\/(\d+)\/inference$/, singleModel],
  [/^\/v2\/models\/inference$/, modelSettings],
  [/^\/v2\/multi-model\/inference$/, modelIds],
  [/^\/v2\/embeddings$/, embeddings],
  [/^\/v1\/embeddings$/, openAiEmbeddings],
  [/^\/v2\/similarity$/, similarity],
];

/**
 * The documented example reshaped to the request (one prediction array per text, the requested cut, vectors of the
 * requested count and size), or undefined when the operation's example already fits any request.
 */
export function requestShapedAnswer(
  method: string,
  path: string,
  body: unknown,
  example: unknown,
  labels: DocumentedLabels,
): Json | undefined {
  if (method !== 'POST' || typeof body !== 'object' || body === null) return undefined;
  if (typeof example !== 'object' || example === null) return undefined;
  for (const [pattern, reshape] of RESHAPES) {
    const match = pattern.exec(path);
    if (match) return reshape(body as Json, example as Json, match.slice(1), labels);
  }
  return undefined;
}
