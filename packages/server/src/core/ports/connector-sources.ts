// The port a helpdesk, CRM or IT-service-management system is reached through: pull tickets a page at a time from a stored cursor, write labels back idempotently.

export type ConnectorType = 'zendesk' | 'freshdesk' | 'servicenow' | 'hubspot';

/** One ticket as the remote system holds it. */
export interface RemoteTicket {
  /** The remote system's own id of the ticket (the record is upserted by it). */
  remoteId: string;
  /** When the remote last changed the ticket (ISO 8601). */
  updatedAt: string;
  /** The ticket's fields by name, nested objects flattened to dotted paths (`custom_fields.priority`); a field mapping picks from these. */
  fields: Record<string, string | number | boolean | null>;
}

/** One page of tickets changed since a cursor. */
export interface TicketPage {
  tickets: RemoteTicket[];
  /** What to store once this page is committed; the next fetch starts from it. Opaque to everyone but the source. */
  cursor: string;
  /** True when the remote has nothing after this page right now (the sync run ends). */
  done: boolean;
}

export type WriteBackMode = 'tags' | 'field' | 'note';

/** Labels to write onto one remote ticket. */
export interface LabelWrite {
  remoteId: string;
  /** The model's labels that cleared their cut-offs, top label first. */
  labels: string[];
  modelName: string;
  mode: WriteBackMode;
  /** The custom field or property written to when `mode` is `field`. */
  field?: string;
  /** A stable key for this write (connector, record, model version): a write whose marker is already on the ticket is not made again. */
  marker: string;
}

export type WriteOutcome = 'written' | 'already_present';

/** What a source needs to reach one account. Credentials are decrypted only in memory, never logged. */
export interface ConnectorEndpoint {
  type: ConnectorType;
  /** The account's base URL (https://acme.zendesk.com, https://acme.freshdesk.com, https://acme.service-now.com, https://api.hubapi.com). */
  baseUrl: string;
  /** Vendor-specific credential fields, e.g. `{ email, api_token }` (Zendesk), `{ api_key }` (Freshdesk), `{ username, password }` (ServiceNow), `{ access_token }` (HubSpot). */
  credentials: Record<string, string>;
  /** The remote fields the connector's field mapping names: a system that returns only what it is asked for is asked for these. */
  fields?: readonly string[];
}

/** One remote system, reached for one account. */
export interface ConnectorSource {
  readonly type: ConnectorType;
  /** Tickets changed since `cursor` (null: from `since`, or from the beginning when `since` is null). */
  fetchPage(cursor: string | null, since: Date | null, signal?: AbortSignal): Promise<TicketPage>;
  writeBack(write: LabelWrite, signal?: AbortSignal): Promise<WriteOutcome>;
}

/**
 * Why a remote call failed, after the source's own bounded retries:
 * `auth` (401/403: stop and mark the connector `error`), `rate_limited` (429 still after retries),
 * `remote` (5xx or timeouts still after retries), `network` (connection refused or dropped),
 * `rejected` (any other 4xx: the request or the mapping is wrong).
 */
export type RemoteFailureKind = 'auth' | 'rate_limited' | 'remote' | 'network' | 'rejected';

export class RemoteSystemError extends Error {
  constructor(
    readonly kind: RemoteFailureKind,
    /** The remote's HTTP status; null when no response came. */
    readonly status: number | null,
    /** The remote's own message from its error body (never credentials). */
    readonly remoteMessage: string,
    /** Seconds the remote asked to wait, when it said. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(`${kind}${status === null ? '' : ` (${status})`}: ${remoteMessage}`);
    this.name = 'RemoteSystemError';
  }
}

export type ConnectorSourceFactory = (endpoint: ConnectorEndpoint) => ConnectorSource;
