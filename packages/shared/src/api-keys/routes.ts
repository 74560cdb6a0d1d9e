/** The method and path of each operation of contract.ts, typed by it: a client calls them without its schemas. */
import type { apiKeyContracts } from './contract';
import { apiRoutes } from '../core/contract';

export const apiKeyRoutes = apiRoutes<typeof apiKeyContracts>({
  listApiKeys: ['GET', '/api-keys'],
  createApiKey: ['POST', '/api-keys'],
  revokeApiKey: ['DELETE', '/api-keys/:id'],
});
