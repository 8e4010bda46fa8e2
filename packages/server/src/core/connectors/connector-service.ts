// Connectors of a workspace (admin): create, list, read, update, delete, run now, and the run log; credentials sealed at once and never handed back.
import type { ConnectorType, WriteBackMode } from '../ports/connector-sources.js';
import type {
  Connector,
  ConnectorChanges,
  ConnectorRepository,
  ConnectorRun,
  CredentialCipher,
  FieldMapping,
  WriteBackSettings,
} from '../ports/connectors.js';
import type { DatasetRepository } from '../ports/repositories.js';
import { invalid, notFound } from '../shared/domain-errors.js';
import { isStorableText } from '../shared/storable-text.js';
import { ownValue } from '../shared/own-value.js';
import type { Dataset, Page, PageRequest } from '../shared/types.js';

/** Says what is wrong with a URL as a remote system's address, or null when it may be called (the webhook address guard). */
export type BaseUrlCheck = (url: string) => Promise<string | null>;

/** The credential fields each system needs (its adapter reads these names). */
export const REQUIRED_CREDENTIALS: Readonly<Record<ConnectorType, readonly string[]>> = {
  zendesk: ['email', 'api_token'],
  freshdesk: ['api_key'],
  servicenow: ['username', 'password'],
  hubspot: ['access_token'],
};

export interface ConnectorInput {
  type: ConnectorType;
  name: string;
  baseUrl: string;
  credentials: Record<string, string>;
  datasetId: number;
  fieldMapping: { columns: Record<string, string>; metadata?: Record<string, string> | undefined };
  intervalSeconds: number;
  writeBack?: WriteBackInput | undefined;
  enabled?: boolean | undefined;
}

export interface WriteBackInput {
  enabled?: boolean | undefined;
  modelIds?: number[] | undefined;
  mode?: WriteBackMode | undefined;
  field?: string | null | undefined;
}

export type ConnectorUpdate = Partial<
  Omit<ConnectorInput, 'type' | 'datasetId' | 'writeBack'> & { writeBack: WriteBackInput }
>;

const NO_WRITE_BACK: WriteBackSettings = { enabled: false, modelIds: [], mode: 'tags', field: null };

export class ConnectorService {
  constructor(
    private readonly deps: {
      connectors: ConnectorRepository;
      datasets: DatasetRepository;
      /** Undefined when the server has no connector key: connectors cannot be created. */
      cipher: CredentialCipher | undefined;
      checkBaseUrl: BaseUrlCheck;
      /** Told when a sync was requested, so the runner looks at once. */
      onSyncRequested?: () => void;
    },
  ) {}

  async create(workspaceId: number, input: ConnectorInput): Promise<Connector> {
    const sealed = this.seal(input.type, input.credentials);
    await this.assertBaseUrl(input.baseUrl);
    const dataset = await this.dataset(workspaceId, input.datasetId);
    const fieldMapping = checkMapping(dataset, input.fieldMapping);
    const writeBack = checkWriteBack(dataset, { ...NO_WRITE_BACK, ...defined(input.writeBack ?? {}) });
    return this.deps.connectors.create({
      workspaceId,
      type: input.type,
      name: checkName(input.name),
      baseUrl: input.baseUrl,
      sealedCredentials: sealed,
      datasetId: dataset.id,
      fieldMapping,
      intervalSeconds: input.intervalSeconds,
      writeBack,
      enabled: input.enabled ?? true,
    });
  }

  list(workspaceId: number, page: PageRequest): Promise<Page<Connector>> {
    return this.deps.connectors.list(workspaceId, page);
  }

  async get(workspaceId: number, id: number): Promise<Connector> {
    const connector = await this.deps.connectors.get(workspaceId, id);
    if (!connector) throw notFound(`connector ${id}`);
    return connector;
  }

  async update(workspaceId: number, id: number, update: ConnectorUpdate): Promise<Connector> {
    const current = await this.get(workspaceId, id);
    const changes: ConnectorChanges = {};
    if (update.name !== undefined) changes.name = checkName(update.name);
    if (update.credentials !== undefined) changes.sealedCredentials = this.seal(current.type, update.credentials);
    if (update.baseUrl !== undefined) {
      await this.assertBaseUrl(update.baseUrl);
      changes.baseUrl = update.baseUrl;
    }
    if (update.intervalSeconds !== undefined) changes.intervalSeconds = update.intervalSeconds;
    if (update.enabled !== undefined) changes.enabled = update.enabled;
    if (update.fieldMapping !== undefined || update.writeBack !== undefined) {
      const dataset = await this.dataset(workspaceId, current.datasetId);
      if (update.fieldMapping !== undefined) changes.fieldMapping = checkMapping(dataset, update.fieldMapping);
      if (update.writeBack !== undefined)
        changes.writeBack = checkWriteBack(dataset, { ...current.writeBack, ...defined(update.writeBack) });
    }
    const updated = await this.deps.connectors.update(workspaceId, id, changes);
    if (!updated) throw notFound(`connector ${id}`);
    return updated;
  }

  async delete(workspaceId: number, id: number): Promise<void> {
    if (!(await this.deps.connectors.delete(workspaceId, id))) throw notFound(`connector ${id}`);
  }

  /** Due now; a connector stopped by an error runs again (its cause may be fixed). */
  async requestSync(workspaceId: number, id: number): Promise<Connector> {
    const connector = await this.deps.connectors.requestSync(workspaceId, id);
    if (!connector) throw notFound(`connector ${id}`);
    this.deps.onSyncRequested?.();
    return connector;
  }

  async runs(workspaceId: number, id: number, page: PageRequest): Promise<Page<ConnectorRun>> {
    await this.get(workspaceId, id);
    return this.deps.connectors.listRuns(id, page);
  }

  private seal(type: ConnectorType, credentials: Record<string, string>): string {
    if (!this.deps.cipher)
      throw invalid(
        'credentials',
        'this server has no connector key to encrypt them with; the operator sets TEXTCLASS_CONNECTOR_KEY (32 bytes, base64 or hex) first',
      );
    const missing = REQUIRED_CREDENTIALS[type].filter((k) => {
      const value = ownValue(credentials, k);
      return typeof value !== 'string' || value === '';
    });
    if (missing.length > 0) throw invalid('credentials', `a ${type} connector needs ${missing.join(', ')}`);
    for (const [key, value] of Object.entries(credentials))
      if (!isStorableText(value))
        throw invalid(`credentials.${key}`, 'contains U+0000 or an unpaired UTF-16 surrogate');
    return this.deps.cipher.seal(JSON.stringify(credentials));
  }

  private async assertBaseUrl(url: string): Promise<void> {
    if (!isStorableText(url)) throw invalid('base_url', 'contains U+0000 or an unpaired UTF-16 surrogate');
    const problem = await this.deps.checkBaseUrl(url);
    if (problem !== null) throw invalid('base_url', problem);
  }

  private async dataset(workspaceId: number, id: number): Promise<Dataset> {
    const dataset = await this.deps.datasets.get(workspaceId, id);
    // A dataset of another workspace is answered as missing, as everywhere.
    if (!dataset) throw notFound(`dataset ${id}`);
    return dataset;
  }
}

function defined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

function checkName(name: string): string {
  if (!isStorableText(name) || name.trim() === '') throw invalid('name', 'must be non-empty text');
  return name;
}

function checkMapping(
  dataset: Dataset,
  mapping: { columns: Record<string, string>; metadata?: Record<string, string> | undefined },
): FieldMapping {
  for (const part of ['columns', 'metadata'] as const)
    for (const [key, field] of Object.entries(mapping[part] ?? {}))
      if (!isStorableText(key) || !isStorableText(field))
        throw invalid(`field_mapping.${part}`, 'contains U+0000 or an unpaired UTF-16 surrogate');
  const columns = new Set(dataset.columns.map((c) => c.name));
  for (const column of Object.keys(mapping.columns))
    if (!columns.has(column))
      throw invalid(`field_mapping.columns.${column}`, `dataset ${dataset.id} has no column "${column}"`);
  if (!Object.hasOwn(mapping.columns, dataset.textColumn))
    throw invalid(
      'field_mapping.columns',
      `must map the dataset's text column "${dataset.textColumn}" (the text the models classify)`,
    );
  return { columns: { ...mapping.columns }, metadata: { ...(mapping.metadata ?? {}) } };
}

function checkWriteBack(dataset: Dataset, settings: WriteBackSettings): WriteBackSettings {
  const unknown = settings.modelIds.filter((id) => !dataset.modelIds.includes(id));
  if (unknown.length > 0)
    throw invalid('write_back.model_ids', `model ${unknown.join(', ')} does not classify dataset ${dataset.id}`);
  if (settings.enabled && settings.modelIds.length === 0)
    throw invalid('write_back.model_ids', 'name at least one model of the dataset to write back');
  if (settings.field !== null && !isStorableText(settings.field))
    throw invalid('write_back.field', 'contains U+0000 or an unpaired UTF-16 surrogate');
  if (settings.mode === 'field' && (settings.field === null || settings.field.trim() === ''))
    throw invalid('write_back.field', 'mode "field" needs the field (or property) to write');
  return {
    enabled: settings.enabled,
    modelIds: [...new Set(settings.modelIds)],
    mode: settings.mode,
    field: settings.field,
  };
}
