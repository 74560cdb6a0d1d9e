import { describe, expect, it } from 'vitest';
import type { CallCountRow } from './api';
import { CUSTOMERS_PER_PAGE, filterRows, groupByCustomer, groupPage } from './group';

const rows: CallCountRow[] = [
  { name: 'Acme', phonebot: 'Front Desk', number_of_calls: 3, customer_id: 1 },
  { name: 'Acme', phonebot: 'Support', number_of_calls: 2, customer_id: 1 },
  { name: 'Acme', phonebot: 'Sales', number_of_calls: 1, customer_id: 7 },
  { name: 'Beta', phonebot: 'Reception', number_of_calls: 5, customer_id: 2 },
];

describe('Calls History rows', () => {
  it('matches customer name or phonebot, ignoring case', () => {
    expect(filterRows(rows, 'ACME').map((r) => r.phonebot)).toEqual(['Front Desk', 'Support', 'Sales']);
    expect(filterRows(rows, 'recep').map((r) => r.name)).toEqual(['Beta']);
    expect(filterRows(rows, '  ')).toHaveLength(4);
    expect(filterRows(rows, 'nothing')).toEqual([]);
  });

  it('groups by customer id, so two customers of the same name stay apart', () => {
    const groups = groupByCustomer(rows, (row) => row.name);
    expect(groups.map((g) => [g.name, g.rows.length])).toEqual([
      ['Acme', 2],
      ['Acme', 1],
      ['Beta', 1],
    ]);
  });

  it('pages by customers, not by rows, and clamps a page past the end', () => {
    const many: CallCountRow[] = Array.from({ length: 23 }, (_, i) => ({
      name: `Customer ${i}`,
      phonebot: 'Bot',
      number_of_calls: i,
      customer_id: i,
    }));
    const groups = groupByCustomer(
      [...many, { name: 'Customer 0', phonebot: 'Second', number_of_calls: 1, customer_id: 0 }],
      (row) => row.name,
    );
    const first = groupPage(groups, 1);
    expect(first.pages).toBe(3);
    expect(first.groups).toHaveLength(CUSTOMERS_PER_PAGE);
    expect(first.groups[0]?.rows).toHaveLength(2);
    expect(groupPage(groups, 9)).toMatchObject({ page: 3, groups: expect.any(Array) });
    expect(groupPage(groups, 9).groups).toHaveLength(3);
    expect(groupPage([], 1)).toEqual({ groups: [], page: 1, pages: 1 });
  });
});
