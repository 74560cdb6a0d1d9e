import type { InsightSplit } from '@phonebot/shared/contracts/insights';

/**
 * The call list showing the calls behind one bar segment, with the filters the lists offer: the day always; the
 * status through the open list's search or the completed list; the phonebot through the all-calls list's search
 * (it searches phonebot names). Priority and category have no filter of the all-calls list: their link shows the
 * whole day.
 */
export function callListLink(day: string, split: InsightSplit, value: string): string {
  const query = (params: Record<string, string>) => new URLSearchParams({ date: day, ...params }).toString();
  if (split === 'status') {
    if (value === 'Completed') return `/completed?${query({})}`;
    return `/viewcalllogs?${query({ search: value })}`;
  }
  if (split === 'phonebot') return `/calls?${query({ search: value })}`;
  return `/calls?${query({})}`;
}

/** Human time for seconds: minutes below an hour, hours below two days, days beyond. */
export function durationParts(seconds: number): { value: number; unit: 'minute' | 'hour' | 'day' } {
  if (seconds < 3600) return { value: Math.round(seconds / 60), unit: 'minute' };
  if (seconds < 172_800) return { value: Math.round((seconds / 3600) * 10) / 10, unit: 'hour' };
  return { value: Math.round((seconds / 86_400) * 10) / 10, unit: 'day' };
}

/** The days of a period ending today (in the browser's calendar), as YYYY-MM-DD. */
export function lastDays(days: number, today = new Date()): { from: string; to: string } {
  const iso = (d: Date) =>
    `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  const from = new Date(today.getFullYear(), today.getMonth(), today.getDate() - (days - 1));
  return { from: iso(from), to: iso(today) };
}
