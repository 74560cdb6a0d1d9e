export type { AuditEventAttributes, AuditEventResource, AuditQuery } from './contract';
export { auditContracts, auditEventAttributesSchema, auditEventResourceSchema, auditQuerySchema } from './contract';
export { auditRoutes } from './routes';
