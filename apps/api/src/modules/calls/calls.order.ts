import { type Expression, sql } from 'kysely';
import { CALL_PRIORITIES, CALL_SORTS, CALL_STATUSES, type CallStatus, type CallView } from '@phonebot/shared/calls';
import { parseSort } from '../../lib/list';

function rankOf(column: Expression<unknown>, values: readonly string[]) {
  if (values.length === 0) return sql<number>`0`;
  return sql<number>`case ${sql.join(
    values.map((v, i) => sql`when ${column} = ${v} then ${i}`),
    sql` `,
  )} else ${values.length} end`;
}

/** The columns a list can be ordered by, as the page selects them. */
export type OrderColumn =
  | 'priority'
  | 'status'
  | 'selected_category'
  | 'bezeichnung'
  | 'caller_number'
  | 'callback_due_at'
  | 'created_at'
  | 'id'
  | 'score';

export type OrderTerm = [Expression<unknown>, 'asc' | 'desc'];

/**
 * The ORDER BY of a list: the chosen field (docs/product.md §9 orders), then newest first and id, so pages never
 * overlap. `column` names where each ordered column is read: the tables of the page's query, or the page itself.
 * A list found by the call search (`relevance`) and sorted by nothing else lists the best matches first.
 */
export function orderTerms(
  sortParam: string | undefined,
  categories: string[],
  column: (name: OrderColumn) => Expression<unknown>,
  relevance = false,
): OrderTerm[] {
  const sort = parseSort(sortParam, CALL_SORTS, { field: 'created_at', direction: 'desc' });
  const dir = sort.direction;
  const terms: OrderTerm[] = [];
  if (relevance && !sortParam) terms.push([column('score'), 'desc']);
  switch (sort.field) {
    case 'priority':
      terms.push([rankOf(column('priority'), CALL_PRIORITIES), dir]);
      break;
    case 'status':
      terms.push([rankOf(column('status'), CALL_STATUSES), dir]);
      break;
    case 'category': {
      // Uncategorized and unknown categories come last in both directions.
      const category = column('selected_category');
      terms.push(
        [sql`case when ${category} is null then 1 else 0 end`, 'asc'],
        [sql`${rankOf(category, categories)} = ${categories.length}`, 'asc'],
        [rankOf(category, categories), dir],
      );
      break;
    }
    case 'phonebot':
      terms.push([sql`lower(${column('bezeichnung')})`, dir]);
      break;
    case 'caller_number':
      terms.push([column('caller_number'), dir]);
      break;
    case 'callback_due_at':
      // Calls without a deadline come last in both directions, on both engines.
      terms.push(
        [sql`case when ${column('callback_due_at')} is null then 1 else 0 end`, 'asc'],
        [column('callback_due_at'), dir],
      );
      break;
    case 'due': {
      // Open calls first (the overdue ones have the earliest deadlines), then completed ones, then calls without
      // a deadline; within each, by deadline.
      const due = column('callback_due_at');
      terms.push(
        [sql`case when ${due} is null then 2 when ${column('status')} = ${'Completed'} then 1 else 0 end`, 'asc'],
        [due, dir],
      );
      break;
    }
    case 'created_at':
      break;
  }
  const last = sort.field === 'created_at' ? dir : 'desc';
  terms.push([column('created_at'), last], [column('id'), last]);
  return terms;
}

/** What a list is sorted by when its request names no sort (the filter's view, status and call search). */
type ListView = { view: CallView; status?: CallStatus | undefined; q?: string | undefined };

/**
 * The sort a list uses: the one asked for; without one, the open views (open, new, or a filter on an open status)
 * list the calls to call back first (`due`), unless the call search orders them by relevance; other lists newest
 * first.
 */
export function listSort(sortParam: string | undefined, list: ListView): string | undefined {
  if (sortParam || list.q) return sortParam;
  const open = list.view === 'open' || list.view === 'new' || list.status === 'New' || list.status === 'In Progress';
  return open ? 'due' : undefined;
}
