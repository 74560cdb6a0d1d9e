import type { CallCountRow } from './api';

/** Calls History pages by customer (docs/product.md §9): 10 customers per page, each with all of its phonebots. */
export const CUSTOMERS_PER_PAGE = 10;

export type CustomerGroup<R = CallCountRow> = { key: string; name: string; rows: R[] };

/** The rows whose customer name or phonebot contains the search, ignoring case (docs/product.md §7). */
export function filterRows(rows: readonly CallCountRow[], search: string | undefined): CallCountRow[] {
  const term = search?.trim().toLowerCase() ?? '';
  if (term === '') return [...rows];
  return rows.filter((row) => row.name.toLowerCase().includes(term) || row.phonebot.toLowerCase().includes(term));
}

/** The rows by customer, in the order the customers first appear; the customer's name is shown once per group. */
export function groupByCustomer<R extends { customer_id: number }>(
  rows: readonly R[],
  nameOf: (row: R) => string,
): CustomerGroup<R>[] {
  const groups = new Map<string, CustomerGroup<R>>();
  for (const row of rows) {
    const key = String(row.customer_id);
    const group = groups.get(key);
    if (group) group.rows.push(row);
    else groups.set(key, { key, name: nameOf(row), rows: [row] });
  }
  return [...groups.values()];
}

/** One page of customer groups; a page past the end shows the last one. */
export function groupPage<R>(groups: readonly CustomerGroup<R>[], page: number) {
  const pages = Math.max(1, Math.ceil(groups.length / CUSTOMERS_PER_PAGE));
  const current = Math.min(Math.max(1, page), pages);
  const start = (current - 1) * CUSTOMERS_PER_PAGE;
  return { groups: groups.slice(start, start + CUSTOMERS_PER_PAGE), page: current, pages };
}
