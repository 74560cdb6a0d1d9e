import { describe, expect, it } from 'vitest';
import { customerListQuery } from './list-state';

describe('the customers list query from the URL', () => {
  it('keeps the sorts the server offers, either direction', () => {
    expect(customerListQuery(new URLSearchParams('sort=-company_name&page=2')).sort).toBe('-company_name');
    expect(customerListQuery(new URLSearchParams('sort=email')).sort).toBe('email');
  });

  it('drops a hand-edited sort the server would refuse, keeping the rest', () => {
    const query = customerListQuery(new URLSearchParams('sort=password&page=3&search=acme'));
    expect(query.sort).toBeUndefined();
    expect(query.page).toBe(3);
    expect(query.search).toBe('acme');
  });
});
