export { EVENT_TICKET_TTL_S, eventContracts, eventIdSchema } from './contract';
export { eventRoutes } from './routes';
