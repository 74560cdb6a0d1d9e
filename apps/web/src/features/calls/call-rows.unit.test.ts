import { describe, expect, it } from 'vitest';
import type { CallRow } from './api';
import { compareCalls, messagePreview, pageOf, speakerOf } from './call-rows';

function call(id: number, created_at: string, rest: Partial<CallRow> = {}): CallRow {
  return {
    id,
    bezeichnung: 'Empfang',
    phonebot_name: 'Empfang',
    license_Key: 'key',
    selected_category: null,
    category_terms: [],
    priority: 'Normal Callback',
    caller_number: '+4930111',
    message: '',
    status: 'New',
    notified: false,
    created_at,
    assignee_id: null,
    assignee_name: null,
    callback_due_at: null,
    snoozed_until: null,
    completed_at: null,
    overdue: false,
    caller_call_count: 1,
    ...rest,
  };
}

describe('call rows', () => {
  it('cuts the message preview to 20 characters and adds ...', () => {
    expect(messagePreview('Bitte um Rückruf')).toBe('Bitte um Rückruf');
    expect(messagePreview('12345678901234567890')).toBe('12345678901234567890');
    expect(messagePreview('123456789012345678901')).toBe('12345678901234567890...');
  });

  it('tells the caller’s turns from the bot’s', () => {
    expect(speakerOf('UserRecognizedText')).toBe('caller');
    expect(speakerOf('BotResponseText')).toBe('bot');
    expect(speakerOf('TransferCall')).toBe('other');
  });

  it('sorts like the server: priority and status by their lists, ties newest first', () => {
    const rows = [
      call(1, '2026-11-01T09:00:00.000Z', { priority: 'Transferred', status: 'Completed' }),
      call(2, '2026-11-02T09:00:00.000Z', { priority: 'Normal Callback', status: 'In Progress' }),
      call(3, '2026-11-03T09:00:00.000Z', { priority: 'Send Email', status: 'New' }),
      call(4, '2026-11-04T09:00:00.000Z', { priority: 'Normal Callback', status: 'New' }),
    ];
    const ids = (field: string, direction: 'asc' | 'desc') =>
      [...rows].sort(compareCalls({ field, direction })).map((row) => row.id);
    expect(ids('created_at', 'desc')).toEqual([4, 3, 2, 1]);
    expect(ids('created_at', 'asc')).toEqual([1, 2, 3, 4]);
    expect(ids('priority', 'asc')).toEqual([4, 2, 3, 1]);
    expect(ids('priority', 'desc')).toEqual([1, 3, 4, 2]);
    expect(ids('status', 'asc')).toEqual([4, 3, 2, 1]);
  });

  it('pages rows held in the browser', () => {
    expect(pageOf([1, 2, 3, 4, 5, 6, 7], 2, 5)).toEqual([6, 7]);
    expect(pageOf([1, 2, 3], 1, 'all')).toEqual([1, 2, 3]);
  });
});
