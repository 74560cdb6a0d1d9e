/** The live events module's front door: the event streams, their hub and transports, and its part in a change. */
export { EventHub } from './event-hub';
export { type EventsDeps, registerEventRoutes } from './events.routes';
export { redeemEventTicket } from './tickets';
export { type EventTransport, memoryTransport, postgresTransport, redisTransport } from './transports';
export { pruneEvents, registerAnnouncer } from './call-events';
export { callEventsSubscriber, recordNotificationEvent } from './call-events.subscriber';
