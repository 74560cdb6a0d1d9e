import { z } from 'zod';
import { defineContract } from '../core/contract';
import {
  listDocument,
  metaDocument,
  resourceIdentifierRequest,
  resourceObject,
  resourceRequest,
  singleDocument,
} from '../core/jsonapi';
import { idParamSchema, idSchema } from '../core/fields';
import { pagedQuery } from '../core/paged-query';
import {
  createWebhookSchema,
  updateWebhookSchema,
  webhookAttributesSchema,
  webhookDeliveryAttributesSchema,
} from './schema';

export const webhookResourceSchema = resourceObject('webhooks', webhookAttributesSchema);
export const webhookDeliveryResourceSchema = resourceObject('webhook-deliveries', webhookDeliveryAttributesSchema);
const webhookDocument = singleDocument(webhookResourceSchema);
const queuedDocument = metaDocument(z.object({ delivery_id: z.string() }));
const manage = ['integrations.manage'] as const;
const tags = ['Integrations'] as const;
const write = { type: 'webhooks', id: 'path' } as const;

export const webhookContracts = {
  listWebhooks: defineContract({
    operationId: 'listWebhooks',
    method: 'GET',
    path: '/webhooks',
    summary: 'The webhook endpoints of the caller’s company (admin)',
    tags,
    auth: 'user',
    operations: manage,
    responses: { 200: listDocument(webhookResourceSchema) },
    errors: [],
  }),
  createWebhook: defineContract({
    operationId: 'createWebhook',
    method: 'POST',
    path: '/webhooks',
    summary: 'Add an endpoint; the answer carries its signing secret (whsec_…), shown this once (admin)',
    description:
      'The URL must not lead to a loopback, private or link-local address unless the server allows it for development, ' +
      'nor to any address of the server’s own network interfaces, PUBLIC_URL’s host and port, or the port the server ' +
      'listens on (422 webhookUrlRefused).',
    tags,
    auth: 'user',
    operations: manage,
    resource: { type: 'webhooks', id: 'none' },
    body: resourceRequest('webhooks', createWebhookSchema),
    responses: { 201: webhookDocument },
    errors: [],
  }),
  getWebhook: defineContract({
    operationId: 'getWebhook',
    method: 'GET',
    path: '/webhooks/:id',
    summary: 'One webhook endpoint (admin)',
    tags,
    auth: 'user',
    operations: manage,
    params: idParamSchema,
    responses: { 200: webhookDocument },
    errors: [],
  }),
  updateWebhook: defineContract({
    operationId: 'updateWebhook',
    method: 'PATCH',
    path: '/webhooks/:id',
    summary: 'Change an endpoint’s URL, events or description, or pause (enabled false) and enable it (admin)',
    description:
      'While an endpoint is paused its events are queued; enabling it sends them in order, after dropping those older ' +
      'than 7 days (counted in dropped_deliveries), and closes its circuit breaker.',
    tags,
    auth: 'user',
    operations: manage,
    params: idParamSchema,
    resource: write,
    body: resourceRequest('webhooks', updateWebhookSchema),
    responses: { 200: webhookDocument },
    errors: [],
  }),
  deleteWebhook: defineContract({
    operationId: 'deleteWebhook',
    method: 'DELETE',
    path: '/webhooks/:id',
    summary: 'Delete an endpoint and its delivery log (admin)',
    tags,
    auth: 'user',
    operations: manage,
    params: idParamSchema,
    resource: write,
    body: resourceIdentifierRequest('webhooks'),
    responses: { 204: null },
    errors: [],
  }),
  testWebhook: defineContract({
    operationId: 'testWebhook',
    method: 'POST',
    path: '/webhooks/:id/test',
    summary: 'Queue a webhook.test event for the endpoint, whatever it subscribed to (admin)',
    tags,
    auth: 'user',
    operations: manage,
    params: idParamSchema,
    responses: { 202: queuedDocument },
    errors: [],
  }),
  listWebhookDeliveries: defineContract({
    operationId: 'listWebhookDeliveries',
    method: 'GET',
    path: '/webhooks/:id/deliveries',
    summary: 'The endpoint’s deliveries, newest first, with their attempts and last answer (admin)',
    tags,
    auth: 'user',
    operations: manage,
    params: idParamSchema,
    query: pagedQuery({}, { perPage: 25 }),
    responses: { 200: listDocument(webhookDeliveryResourceSchema) },
    errors: [],
  }),
  redeliverWebhookDelivery: defineContract({
    operationId: 'redeliverWebhookDelivery',
    method: 'POST',
    path: '/webhooks/:id/deliveries/:deliveryId/redeliver',
    summary: 'Send a delivery again, with the same message id and body, as a new delivery (admin)',
    tags,
    auth: 'user',
    operations: manage,
    params: z.object({ id: idSchema(), deliveryId: idSchema() }),
    responses: { 202: queuedDocument },
    errors: [],
  }),
};
