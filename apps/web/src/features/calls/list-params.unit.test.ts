import { describe, expect, it } from 'vitest';
import { DUE_SORT, apiQuery, hasFilters, listSort, parseListParams, searchOf, sortParam } from './list-params';

describe('list state in the URL', () => {
  it('keeps the callback filters the API takes and drops the rest', () => {
    const params = parseListParams(
      new URLSearchParams('assignee=me&overdue=true&caller=%2B4930111&phonebot=key-1&snoozed=true'),
      'dashboard',
    );
    expect(params).toMatchObject({
      assignee: 'me',
      overdue: true,
      caller: '+4930111',
      phonebot: 'key-1',
      snoozed: true,
    });
    expect(apiQuery(params)).toMatchObject({
      assignee: 'me',
      overdue: 'true',
      caller: '+4930111',
      phonebot: 'key-1',
      snoozed: 'true',
    });
    const bad = parseListParams(new URLSearchParams('assignee=someone&overdue=yes&caller=&snoozed=1'), 'dashboard');
    expect(apiQuery(bad)).not.toHaveProperty('assignee');
    expect(apiQuery(bad)).not.toHaveProperty('overdue');
    expect(apiQuery(bad)).not.toHaveProperty('caller');
    expect(apiQuery(bad)).not.toHaveProperty('snoozed');
  });

  it('keeps the Insights filters the API takes and drops the rest', () => {
    const params = parseListParams(
      new URLSearchParams(
        'status=In+Progress&priority=Send+Email&category=Sales&from=2026-03-01&to=2026-03-30&weekday=6&hour=23',
      ),
      'simple',
    );
    expect(apiQuery(params)).toMatchObject({
      status: 'In Progress',
      priority: 'Send Email',
      category: 'Sales',
      from: '2026-03-01',
      to: '2026-03-30',
      weekday: 6,
      hour: 23,
    });
    expect(hasFilters(params)).toBe(true);
    const bad = apiQuery(
      parseListParams(
        new URLSearchParams('status=Open&priority=x&from=2026-02-30&to=2026-03-01&weekday=7&hour=1'),
        'simple',
      ),
    );
    for (const name of ['status', 'priority', 'from', 'weekday', 'hour']) expect(bad).not.toHaveProperty(name);
    // A weekday or hour without a range of days, or a range the wrong way round, is no filter.
    expect(apiQuery(parseListParams(new URLSearchParams('weekday=1&hour=2'), 'simple'))).not.toHaveProperty('hour');
    expect(
      apiQuery(parseListParams(new URLSearchParams('from=2026-03-02&to=2026-03-01'), 'simple')),
    ).not.toHaveProperty('from');
    expect(hasFilters(parseListParams(new URLSearchParams('search=x&date=2026-03-01'), 'simple'))).toBe(false);
  });

  it('round-trips the whole inbox state, the open call and the priority chip included', () => {
    const query = 'page=2&sort=-priority&assignee=none&priority=Important+Callback&call=42';
    const params = parseListParams(new URLSearchParams(query), 'dashboard');
    expect(params).toMatchObject({ page: 2, priority: 'Important Callback', call: 42, assignee: 'none' });
    expect(searchOf(params, 'dashboard').toString()).toBe(query);
    // The open call is the screen's, not the API's.
    expect(apiQuery(params)).not.toHaveProperty('call');
    const bad = parseListParams(new URLSearchParams('priority=Urgent&call=x'), 'dashboard');
    expect(bad.priority).toBeUndefined();
    expect(bad.call).toBeUndefined();
  });
});

describe('the order and the call search in the URL', () => {
  it('sorts the open views by due unless the URL names a sort or a search (then the best matches come first)', () => {
    const open = parseListParams(new URLSearchParams(''), 'dashboard');
    expect(apiQuery(open, 'dashboard')).toMatchObject({ sort: DUE_SORT });
    expect(apiQuery(parseListParams(new URLSearchParams(''), 'new'), 'new')).toMatchObject({ sort: DUE_SORT });
    expect(apiQuery(parseListParams(new URLSearchParams(''), 'completed'), 'completed')).not.toHaveProperty('sort');
    const searched = parseListParams(new URLSearchParams('q=Rechnung&assignee=me'), 'dashboard');
    expect(apiQuery(searched, 'dashboard')).toMatchObject({ q: 'Rechnung', assignee: 'me' });
    expect(apiQuery(searched, 'dashboard')).not.toHaveProperty('sort');
    expect(searchOf(searched, 'dashboard').toString()).toBe('q=Rechnung&assignee=me');
    // The simple list keeps the spec's search and has no call search.
    expect(parseListParams(new URLSearchParams('q=x'), 'simple').q).toBeUndefined();
  });

  it('writes a sort to the URL only when it is not the screen’s default', () => {
    expect(sortParam({ field: DUE_SORT, direction: 'asc' }, 'dashboard')).toBeUndefined();
    expect(sortParam({ field: 'created_at', direction: 'desc' }, 'dashboard')).toBe('-created_at');
    expect(sortParam({ field: 'created_at', direction: 'desc' }, 'completed')).toBeUndefined();
    expect(sortParam({ field: 'priority', direction: 'asc' }, 'completed')).toBe('priority');
    expect(sortParam({ field: DUE_SORT, direction: 'asc' }, 'dashboard', { q: 'x' })).toBe(DUE_SORT);
    expect(listSort(parseListParams(new URLSearchParams('q=x'), 'dashboard'), 'dashboard').field).toBe('');
  });
});
