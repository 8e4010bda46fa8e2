// Webhook endpoints of the caller's workspace (admin): CRUD, secret rotation, the delivery log and redelivery.
import { Router } from 'express';
import type { WebhookDelivery, WebhookEndpoint } from '../../../core/ports/pipeline.js';
import { requirePermission } from '../middleware/auth.js';
import { callerOf } from '../shared/context.js';
import { pageEnvelope, pageRequest } from '../presenters/pagination.js';
import type { AppServices } from '../shared/services.js';
import { bodyOf, type ResponseBody } from '../presenters/wire.js';

type EndpointBody = ResponseBody<'getWebhook', 200>;
type DeliveryBody = ResponseBody<'redeliverWebhookDelivery', 202>;

export function presentWebhook(endpoint: WebhookEndpoint): EndpointBody {
  return {
    id: endpoint.id,
    url: endpoint.url,
    events: endpoint.events as EndpointBody['events'],
    enabled: endpoint.enabled,
    disabled_reason: endpoint.disabledReason,
    created_at: endpoint.createdAt.toISOString(),
    updated_at: endpoint.updatedAt.toISOString(),
  };
}

export function presentDelivery(delivery: WebhookDelivery): DeliveryBody {
  return {
    id: delivery.id,
    event: delivery.event as DeliveryBody['event'],
    webhook_id: delivery.messageId,
    status: delivery.status,
    attempts: delivery.attempts.map((a) => ({
      attempted_at: a.attemptedAt.toISOString(),
      status_code: a.statusCode,
      latency_ms: a.latencyMs,
      error: a.error,
    })),
    next_attempt_at: delivery.nextAttemptAt?.toISOString() ?? null,
    created_at: delivery.createdAt.toISOString(),
  };
}

export function webhookRoutes(services: AppServices): Router {
  const router = Router();
  const { webhooks } = services;
  const workspaceId = (res: Parameters<typeof callerOf>[0]) => callerOf(res).workspace.id;
  const admin = requirePermission('admin');

  router.get('/v2/webhooks', admin, async (req, res) => {
    const request = pageRequest(req);
    const response: ResponseBody<'listWebhooks', 200> = pageEnvelope(
      await webhooks.list(workspaceId(res), request),
      request,
      presentWebhook,
    );
    res.json(response);
  });

  router.post('/v2/webhooks', admin, async (req, res) => {
    const body = bodyOf<'createWebhook'>(req);
    const endpoint = await webhooks.create(workspaceId(res), {
      url: body.url,
      events: body.events,
      enabled: body.enabled,
    });
    const response: ResponseBody<'createWebhook', 201> = { ...presentWebhook(endpoint), secret: endpoint.secret };
    res.status(201).json(response);
  });

  router.get('/v2/webhooks/:webhook_id', admin, async (req, res) => {
    res.json(presentWebhook(await webhooks.get(workspaceId(res), Number(req.params.webhook_id))));
  });

  router.patch('/v2/webhooks/:webhook_id', admin, async (req, res) => {
    const body = bodyOf<'updateWebhook'>(req);
    res.json(presentWebhook(await webhooks.update(workspaceId(res), Number(req.params.webhook_id), body)));
  });

  router.delete('/v2/webhooks/:webhook_id', admin, async (req, res) => {
    await webhooks.delete(workspaceId(res), Number(req.params.webhook_id));
    res.status(204).end();
  });

  router.post('/v2/webhooks/:webhook_id/rotate-secret', admin, async (req, res) => {
    const endpoint = await webhooks.rotateSecret(workspaceId(res), Number(req.params.webhook_id));
    const response: ResponseBody<'rotateWebhookSecret', 200> = { ...presentWebhook(endpoint), secret: endpoint.secret };
    res.json(response);
  });

  router.get('/v2/webhooks/:webhook_id/deliveries', admin, async (req, res) => {
    const request = pageRequest(req);
    const page = await webhooks.deliveries(workspaceId(res), Number(req.params.webhook_id), request);
    const response: ResponseBody<'listWebhookDeliveries', 200> = pageEnvelope(page, request, presentDelivery);
    res.json(response);
  });

  router.post('/v2/webhooks/:webhook_id/deliveries/:delivery_id/redeliver', admin, async (req, res) => {
    const delivery = await webhooks.redeliver(
      workspaceId(res),
      Number(req.params.webhook_id),
      String(req.params.delivery_id),
    );
    res.status(202).json(presentDelivery(delivery));
  });

  return router;
}
