import { z } from 'zod';
import { defineContract } from '../core/contract';
import { metaDocument, resourceObject, resourceRequest, singleDocument } from '../core/jsonapi';
import { operatorAttributesSchema, operatorSchema } from './schema';

export const publicConfigSchema = z.object({
  paddle: z.object({ environment: z.string(), client_token: z.string(), price_id: z.string() }).nullable(),
  operator: operatorAttributesSchema,
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

const operatorDocumentSchema = singleDocument(resourceObject('operator-settings', operatorAttributesSchema));

export const settingsContracts = {
  publicConfig: defineContract({
    operationId: 'getPublicConfig',
    method: 'GET',
    path: '/public-config',
    summary:
      'What the web app needs before sign-in: the Paddle checkout settings (null when billing is not set up) and the operator of this deployment (unset parts null)',
    tags: ['Settings'],
    auth: 'public',
    responses: { 200: metaDocument(publicConfigSchema) },
    errors: [],
  }),
  operator: defineContract({
    operationId: 'getOperator',
    method: 'GET',
    path: '/settings/operator',
    summary: 'The operator’s identity shown in the footer and mails: saved values, else the environment’s (super)',
    tags: ['Settings'],
    auth: 'user',
    operations: ['settings.manage'],
    responses: { 200: operatorDocumentSchema },
    errors: [],
  }),
  updateOperator: defineContract({
    operationId: 'updateOperator',
    method: 'PATCH',
    path: '/settings/operator',
    summary: 'Change parts of the operator’s identity (partial); an empty value hides that part (super)',
    tags: ['Settings'],
    auth: 'user',
    operations: ['settings.manage'],
    resource: { type: 'operator-settings', id: 'singleton' },
    body: resourceRequest('operator-settings', operatorSchema.partial()),
    responses: { 200: operatorDocumentSchema },
    errors: [],
  }),
};
