// The embeddings use case: texts → one encoder's unit vectors, cut where the encoder allows, counted against the quota.
import { DomainError, invalid } from '../shared/domain-errors.js';
import type { Encoder, EncoderProvider } from '../ports/encoders.js';
import type { Workspace } from '../shared/types.js';
import type { QuotaService } from '../tenancy/quota.js';
import { assertUsableTexts } from '../classification/texts.js';
import { cutVector } from './cut-vector.js';

/** The similarity bound: the most texts one embeddings request may hold. */
export const MAX_EMBEDDING_TEXTS = 200;

export interface EmbedRequest {
  texts: string[];
  /** Absent: the server's default encoder. */
  encoderId?: string | undefined;
  /** Cut every vector to its first `dimensions` values (only where the encoder allows it). */
  dimensions?: number | undefined;
  /** Rescale a cut vector to unit length (default true). */
  normalize?: boolean | undefined;
  /** The workspace asking: the encoder's queue takes turns between workspaces. */
  workspaceId?: number | undefined;
  /** The workspace whose monthly quota the non-empty texts count against. */
  quota?: Workspace | undefined;
  /** The request's names of the texts and encoder fields, for messages (OpenAI's shape: `input`, `model`). */
  fields?: { texts: string; encoder: string } | undefined;
}

export interface EmbedResult {
  encoderId: string;
  dimensions: number;
  /** One per text, in order. */
  vectors: Float32Array[];
  /** Non-empty texts, as counted against the quota. */
  texts: number;
  /** Tokens the encoder's tokenizer made of the texts. */
  tokens: number;
}

export class EmbeddingService {
  constructor(
    private readonly encoders: EncoderProvider,
    private readonly quotas: QuotaService,
  ) {}

  async embed(request: EmbedRequest): Promise<EmbedResult> {
    const fields = request.fields ?? { texts: 'texts', encoder: 'encoder' };
    const { texts } = request;
    if (texts.length > MAX_EMBEDDING_TEXTS)
      throw invalid(fields.texts, `at most ${MAX_EMBEDDING_TEXTS} texts per request, got ${texts.length}`);
    assertUsableTexts(texts, fields.texts);
    const encoder = this.encoder(request.encoderId ?? this.encoders.defaultId, fields.encoder);
    const dimensions = request.dimensions ?? encoder.dimension;
    const allowed = encoder.prefixDimensions ?? [encoder.dimension];
    if (!allowed.includes(dimensions)) {
      const cut = allowed.length > 1 ? `can be cut to ${allowed.join(' or ')} only` : 'cannot be cut';
      throw invalid(
        'dimensions',
        `encoder "${encoder.id}" gives ${encoder.dimension}-dimensional vectors and ${cut}; allowed: ${allowed.join(', ')}`,
      );
    }
    const counted = texts.filter((t) => t.trim() !== '').length;
    if (request.quota) await this.quotas.reserve(request.quota, counted);
    const vectors = await encoder.embed(texts, { workspaceId: request.workspaceId });
    const tokens = ((await encoder.countTokens?.(texts)) ?? []).reduce((sum, n) => sum + n, 0);
    return {
      encoderId: encoder.id,
      dimensions,
      vectors: vectors.map((v) => cutVector(v, dimensions, request.normalize ?? true)),
      texts: counted,
      tokens,
    };
  }

  /** The encoder by id; an id this server does not have is NOT_FOUND naming the field and the ids it has. */
  private encoder(id: string, field: string): Encoder {
    const known = this.encoders.ids?.() ?? [];
    if (known.length > 0 && !known.includes(id))
      throw new DomainError('NOT_FOUND', `${field}: no encoder "${id}" on this server; it has ${known.join(', ')}`);
    return this.encoders.get(id);
  }
}
