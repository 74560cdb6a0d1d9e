import { describe, expect, it } from 'vitest';
import { apiQuery, parseListParams, searchOf } from './list-params';

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
