// Webhook endpoints of a workspace (admin): create, list, read, update, delete, rotate the secret, and the delivery log.
import { randomBytes } from 'node:crypto';
import { invalid, notFound } from '../shared/domain-errors.js';
import type { WebhookDelivery, WebhookEndpoint, WebhookRepository } from '../ports/pipeline.js';
import type { Page, PageRequest } from '../shared/types.js';
import { isStorableText } from '../shared/storable-text.js';

/** Says what is wrong with a URL as a webhook target, or null when it is acceptable. */
export type UrlCheck = (url: string) => Promise<string | null>;

/** `whsec_` + 32 random bytes in base64, the Standard Webhooks secret format. */
export const newWebhookSecret = (): string => `whsec_${randomBytes(32).toString('base64')}`;

export class WebhookEndpointService {
  constructor(
    private readonly webhooks: WebhookRepository,
    private readonly checkUrl: UrlCheck,
  ) {}

  async create(
    workspaceId: number,
    input: { url: string; events: string[]; enabled?: boolean | undefined },
  ): Promise<WebhookEndpoint> {
    await this.assertUrl(input.url);
    return this.webhooks.create({
      workspaceId,
      url: input.url,
      events: [...new Set(input.events)],
      enabled: input.enabled ?? true,
      secret: newWebhookSecret(),
    });
  }

  list(workspaceId: number, page: PageRequest): Promise<Page<WebhookEndpoint>> {
    return this.webhooks.list(workspaceId, page);
  }

  async get(workspaceId: number, id: number): Promise<WebhookEndpoint> {
    const endpoint = await this.webhooks.get(workspaceId, id);
    if (!endpoint) throw notFound(`webhook ${id}`);
    return endpoint;
  }

  async update(
    workspaceId: number,
    id: number,
    changes: { url?: string | undefined; events?: string[] | undefined; enabled?: boolean | undefined },
  ): Promise<WebhookEndpoint> {
    await this.get(workspaceId, id);
    if (changes.url !== undefined) await this.assertUrl(changes.url);
    const updated = await this.webhooks.update(workspaceId, id, {
      ...(changes.url === undefined ? {} : { url: changes.url }),
      ...(changes.events === undefined ? {} : { events: [...new Set(changes.events)] }),
      ...(changes.enabled === undefined ? {} : { enabled: changes.enabled }),
    });
    if (!updated) throw notFound(`webhook ${id}`);
    return updated;
  }

  async delete(workspaceId: number, id: number): Promise<void> {
    if (!(await this.webhooks.delete(workspaceId, id))) throw notFound(`webhook ${id}`);
  }

  /** A new secret at once; deliveries from now on are signed with it. */
  async rotateSecret(workspaceId: number, id: number): Promise<WebhookEndpoint> {
    await this.get(workspaceId, id);
    const updated = await this.webhooks.update(workspaceId, id, { secret: newWebhookSecret() });
    if (!updated) throw notFound(`webhook ${id}`);
    return updated;
  }

  async deliveries(workspaceId: number, id: number, page: PageRequest): Promise<Page<WebhookDelivery>> {
    await this.get(workspaceId, id);
    return this.webhooks.listDeliveries(id, page);
  }

  async redeliver(workspaceId: number, id: number, deliveryId: string): Promise<WebhookDelivery> {
    await this.get(workspaceId, id);
    const delivery = /^[1-9][0-9]{0,17}$/.test(deliveryId) ? await this.webhooks.redeliver(id, deliveryId) : undefined;
    if (!delivery) throw notFound(`delivery ${deliveryId} of webhook ${id}`);
    return delivery;
  }

  private async assertUrl(url: string): Promise<void> {
    if (!isStorableText(url)) throw invalid('url', 'contains U+0000 or an unpaired UTF-16 surrogate');
    const problem = await this.checkUrl(url);
    if (problem !== null) throw invalid('url', problem);
  }
}
