// Audit log: the screen of who changed what (the entries are written with each change through lib/audit.ts) and
// its retention job.
export { deleteOldAuditEvents } from './audit.service';
