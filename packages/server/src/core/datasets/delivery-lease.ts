// The lease under which a classify batch's webhook deliveries are stored for this process's dispatcher: it sends them without claiming them.
import type { DeliveryHandoff, OutboxLease, WebhookEndpoint } from '../ports/pipeline.js';

/** The lease for a batch whose deliveries go to `endpoints` (undefined: the dispatcher has no room; they are claimed later). */
export function leaseForHandoff(
  handoff: DeliveryHandoff,
  endpoints: readonly WebhookEndpoint[],
): OutboxLease | undefined {
  const room = handoff.room();
  if (room.max === 0 || endpoints.length === 0) return undefined;
  const byId = new Map(endpoints.map((endpoint) => [endpoint.id, endpoint]));
  const leasedAt = Date.now();
  return {
    ...room,
    adopt: (deliveries) =>
      handoff.adopt(
        deliveries.flatMap((delivery) => {
          const endpoint = byId.get(delivery.endpointId);
          return endpoint === undefined ? [] : [{ delivery, endpoint }];
        }),
        leasedAt,
      ),
  };
}
