export { apiKeyContracts, apiKeyResourceSchema } from './contract';
export { apiKeyRoutes } from './routes';
export type { ApiKeyAttributes, ApiKeyScope, CreateApiKeyInput } from './schema';
export { API_KEY_PREFIX, API_KEY_SCOPES, apiKeyAttributesSchema, apiKeyScopeOf, createApiKeySchema } from './schema';
