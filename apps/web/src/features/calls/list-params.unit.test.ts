import { describe, expect, it } from 'vitest';
import { apiQuery, parseListParams } from './list-params';

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
});
