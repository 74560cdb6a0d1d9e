import type { Kysely } from 'kysely';
import { usageContracts } from '@phonebot/shared/usage';
import type { Database } from '../../db/schema';
import type { ApiRouter } from '../../lib/router';
import { monthOf } from '../calls-history';
import { usage } from './usage.service';

export function registerUsageRoutes(router: ApiRouter, deps: { db: Kysely<Database> }): void {
  router.handle(usageContracts.usage, ({ query }) => usage(deps.db, query.month ?? monthOf(new Date().toISOString())));
}
