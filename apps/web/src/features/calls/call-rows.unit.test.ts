import { describe, expect, it } from 'vitest';
import type { CallRow } from './api';
import { callerNameOf, compareCalls, formatDuration, messagePreview, pageOf, previewOf, speakerOf } from './call-rows';

/** The attributes platform calls carry (spread, so the fixture fits the list with and without them). */
const PLATFORM_FIELDS = { caller_name: null, summary: null };

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
    ...PLATFORM_FIELDS,
    ...rest,
  };
}

describe('call rows', () => {
  it('orders by due: soonest first, calls without a deadline last in both directions', () => {
    const rows = [
      call(1, '2026-03-01T10:00:00Z'),
      call(2, '2026-03-01T09:00:00Z', { callback_due_at: '2026-03-02T10:00:00Z' }),
      call(3, '2026-03-01T08:00:00Z', { callback_due_at: '2026-03-01T10:00:00Z' }),
    ];
    expect([...rows].sort(compareCalls({ field: 'callback_due_at', direction: 'asc' })).map((r) => r.id)).toEqual([
      3, 2, 1,
    ]);
    expect([...rows].sort(compareCalls({ field: 'due', direction: 'desc' })).map((r) => r.id)).toEqual([2, 3, 1]);
  });

  it('previews the summary before the first words, and writes a recording as m:ss', () => {
    const row = call(1, '2026-03-01T10:00:00Z', { message: 'Hallo' });
    expect(previewOf(row)).toBe('Hallo');
    expect(previewOf({ ...row, ...{ summary: 'Wants a quote' } })).toBe('Wants a quote');
    expect(callerNameOf({ ...row, ...{ caller_name: ' ' } })).toBeNull();
    expect(formatDuration(65)).toBe('1:05');
    expect(formatDuration(3725)).toBe('1:02:05');
  });

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
