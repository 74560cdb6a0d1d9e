import type { InsightSplit } from '@phonebot/shared/insights';

/**
 * The Calls Dashboard, the inbox where calls are worked, filtered by the given list filters. A range of days or a
 * status makes it show calls of every status, so a figure opens exactly its calls, completed ones too.
 */
function inbox(params: Record<string, string>): string {
  return `/viewcalllogs?${new URLSearchParams(params).toString()}`;
}

/**
 * The inbox showing exactly the calls behind one bar segment: the day (as a range of one day) and the split's value
 * as the list's filters (a phonebot by its license key; a phonebot that is gone leaves the day only).
 */
export function callListLink(
  day: string,
  split: InsightSplit,
  value: string,
  phonebotKeys: Record<string, string> = {},
): string {
  const period = { from: day, to: day };
  if (split === 'phonebot') {
    const key = phonebotKeys[value];
    return inbox(key ? { ...period, phonebot: key } : period);
  }
  return inbox({ ...period, [split]: value });
}

/** The calls behind one heatmap cell: the period's days, on that weekday (0 Monday) and in that hour. */
export function heatmapLink(period: { from: string; to: string }, weekday: number, hour: number): string {
  return inbox({ ...period, weekday: String(weekday), hour: String(hour) });
}

/** The calls of one repeat caller within the period. */
export function callerLink(period: { from: string; to: string }, number: string): string {
  return inbox({ caller: number, ...period });
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
