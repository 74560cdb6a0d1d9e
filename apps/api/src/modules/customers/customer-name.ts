import type { ExpressionBuilder } from 'kysely';
import type { Database } from '../../db/schema';
import { firstAdminNameOf } from '../users';

/**
 * A customer's name as the monthly counts keep it: the company's, or its owner's while the company has none. For
 * a query that names the customers table `c`.
 */
export function customerNameOf(eb: ExpressionBuilder<Database & { c: Database['customers'] }, 'c'>) {
  return eb.fn.coalesce('c.company_name', firstAdminNameOf(eb), eb.val(''));
}
