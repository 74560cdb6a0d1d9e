// System: what the deployment itself answers (health, readiness, version) and the pruning of rows nothing reads
// any more, which asks each owner module to delete its own.
export { pruneExpiredRows } from './prune';
export { markStopping } from './system.routes';
