// Connectors of the caller's workspace (admin): CRUD, run now, and the run log; credentials are never answered.
import { Router } from 'express';
import type { Connector, ConnectorRun } from '../../../core/ports/connectors.js';
import type { WriteBackInput } from '../../../core/connectors/connector-service.js';
import { requirePermission } from '../middleware/auth.js';
import { callerOf } from '../shared/context.js';
import { pageEnvelope, pageRequest } from '../presenters/pagination.js';
import type { AppServices } from '../shared/services.js';
import { bodyOf, type RequestBody, type ResponseBody } from '../presenters/wire.js';

type ConnectorBody = ResponseBody<'getConnector', 200>;
type RunBody = ResponseBody<'listConnectorRuns', 200>['data'][number];
type WriteBackBody = NonNullable<RequestBody<'createConnector'>['write_back']>;

export function presentConnector(connector: Connector): ConnectorBody {
  return {
    id: connector.id,
    type: connector.type,
    name: connector.name,
    base_url: connector.baseUrl,
    credentials_set: connector.sealedCredentials !== '',
    dataset_id: connector.datasetId,
    field_mapping: { columns: connector.fieldMapping.columns, metadata: connector.fieldMapping.metadata },
    interval_seconds: connector.intervalSeconds,
    write_back: {
      enabled: connector.writeBack.enabled,
      model_ids: connector.writeBack.modelIds,
      mode: connector.writeBack.mode,
      field: connector.writeBack.field,
    },
    enabled: connector.enabled,
    status: connector.status,
    status_message: connector.statusMessage,
    next_run_at: connector.nextRunAt.toISOString(),
    last_run_at: connector.lastRunAt?.toISOString() ?? null,
    created_at: connector.createdAt.toISOString(),
    updated_at: connector.updatedAt.toISOString(),
  };
}

export function presentRun(run: ConnectorRun): RunBody {
  return {
    id: run.id,
    trigger: run.trigger,
    status: run.status,
    started_at: run.startedAt.toISOString(),
    finished_at: run.finishedAt?.toISOString() ?? null,
    fetched: run.fetched,
    stored: run.stored,
    written_back: run.writtenBack,
    skipped: run.skipped,
    error: run.error,
  };
}

const writeBackInput = (body: WriteBackBody | undefined): WriteBackInput | undefined =>
  body === undefined
    ? undefined
    : { enabled: body.enabled, modelIds: body.model_ids, mode: body.mode, field: body.field };

export function connectorRoutes(services: AppServices): Router {
  const router = Router();
  const { connectors } = services;
  const workspaceId = (res: Parameters<typeof callerOf>[0]) => callerOf(res).workspace.id;
  const admin = requirePermission('admin');

  router.get('/v2/connectors', admin, async (req, res) => {
    const request = pageRequest(req);
    const response: ResponseBody<'listConnectors', 200> = pageEnvelope(
      await connectors.list(workspaceId(res), request),
      request,
      presentConnector,
    );
    res.json(response);
  });

  router.post('/v2/connectors', admin, async (req, res) => {
    const body = bodyOf<'createConnector'>(req);
    const connector = await connectors.create(workspaceId(res), {
      type: body.type,
      name: body.name,
      baseUrl: body.base_url,
      credentials: body.credentials,
      datasetId: body.dataset_id,
      fieldMapping: body.field_mapping,
      intervalSeconds: body.interval_seconds,
      writeBack: writeBackInput(body.write_back),
      enabled: body.enabled,
    });
    const response: ResponseBody<'createConnector', 201> = presentConnector(connector);
    res.status(201).json(response);
  });

  router.get('/v2/connectors/:connector_id', admin, async (req, res) => {
    res.json(presentConnector(await connectors.get(workspaceId(res), Number(req.params.connector_id))));
  });

  router.patch('/v2/connectors/:connector_id', admin, async (req, res) => {
    const body = bodyOf<'updateConnector'>(req);
    const connector = await connectors.update(workspaceId(res), Number(req.params.connector_id), {
      name: body.name,
      baseUrl: body.base_url,
      credentials: body.credentials,
      fieldMapping: body.field_mapping,
      intervalSeconds: body.interval_seconds,
      writeBack: writeBackInput(body.write_back),
      enabled: body.enabled,
    });
    res.json(presentConnector(connector));
  });

  router.delete('/v2/connectors/:connector_id', admin, async (req, res) => {
    await connectors.delete(workspaceId(res), Number(req.params.connector_id));
    res.status(204).end();
  });

  router.post('/v2/connectors/:connector_id/sync', admin, async (req, res) => {
    const connector = await connectors.requestSync(workspaceId(res), Number(req.params.connector_id));
    const response: ResponseBody<'syncConnector', 202> = presentConnector(connector);
    res.status(202).json(response);
  });

  router.get('/v2/connectors/:connector_id/runs', admin, async (req, res) => {
    const request = pageRequest(req);
    const page = await connectors.runs(workspaceId(res), Number(req.params.connector_id), request);
    const response: ResponseBody<'listConnectorRuns', 200> = pageEnvelope(page, request, presentRun);
    res.json(response);
  });

  return router;
}
