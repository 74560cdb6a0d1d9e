import { defineContract } from '../core/contract';
import {
  listDocument,
  resourceIdentifierRequest,
  resourceObject,
  resourceRequest,
  singleDocument,
} from '../core/jsonapi';
import { idParamSchema } from '../core/fields';
import { apiKeyAttributesSchema, createApiKeySchema } from './schema';

export const apiKeyResourceSchema = resourceObject('api-keys', apiKeyAttributesSchema);
const manage = ['integrations.manage'] as const;
const tags = ['Integrations'] as const;

export const apiKeyContracts = {
  listApiKeys: defineContract({
    operationId: 'listApiKeys',
    method: 'GET',
    path: '/api-keys',
    summary: 'The API keys of the caller’s company, newest first (admin)',
    tags,
    auth: 'user',
    operations: manage,
    responses: { 200: listDocument(apiKeyResourceSchema) },
    errors: [],
  }),
  createApiKey: defineContract({
    operationId: 'createApiKey',
    method: 'POST',
    path: '/api-keys',
    summary: 'Create an API key with a name and scopes; the answer carries its token, shown this once (admin)',
    tags,
    auth: 'user',
    operations: manage,
    resource: { type: 'api-keys', id: 'none' },
    body: resourceRequest('api-keys', createApiKeySchema),
    responses: { 201: singleDocument(apiKeyResourceSchema) },
    errors: [],
  }),
  revokeApiKey: defineContract({
    operationId: 'revokeApiKey',
    method: 'DELETE',
    path: '/api-keys/:id',
    summary: 'Revoke an API key: it stops working at once (admin)',
    tags,
    auth: 'user',
    operations: manage,
    params: idParamSchema,
    resource: { type: 'api-keys', id: 'path' },
    body: resourceIdentifierRequest('api-keys'),
    responses: { 204: null },
    errors: [],
  }),
};
