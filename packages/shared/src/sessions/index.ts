export type { SessionAttributes, SessionResource } from './contract';
export { sessionAttributesSchema, sessionContracts, sessionResourceSchema } from './contract';
export { sessionRoutes } from './routes';
