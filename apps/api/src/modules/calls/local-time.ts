import { DAY, HOUR } from '../../db/time';

/** The UTC hour of a moment, as the Insights counts key it: `YYYY-MM-DDTHH`. */
export function hourOf(iso: string): string {
  return new Date(iso).toISOString().slice(0, 13);
}

/** The server's time zone: the day the call lists filter by, and the default here. */
export function serverZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

type LocalHour = { day: string; weekday: number; hour: number };
const WEEKDAYS: Record<string, number> = { Mon: 0, Tue: 1, Wed: 2, Thu: 3, Fri: 4, Sat: 5, Sun: 6 };
const formats = new Map<string, Intl.DateTimeFormat>();
const local = new Map<string, LocalHour>();

/** The local day, weekday and hour in a time zone at the start of a UTC hour (`YYYY-MM-DDTHH`). */
export function localHour(hourKey: string, tz: string): LocalHour {
  const key = `${tz}|${hourKey}`;
  const hit = local.get(key);
  if (hit) return hit;
  let format = formats.get(tz);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      weekday: 'short',
      hour: '2-digit',
      hourCycle: 'h23',
    });
    formats.set(tz, format);
  }
  const parts = Object.fromEntries(
    format.formatToParts(new Date(`${hourKey}:00:00Z`)).map((part) => [part.type, part.value]),
  );
  const value = {
    day: `${parts.year}-${parts.month}-${parts.day}`,
    weekday: WEEKDAYS[parts.weekday ?? 'Mon'] ?? 0,
    hour: Number(parts.hour) % 24,
  };
  if (local.size > 100_000) local.clear();
  local.set(key, value);
  return value;
}

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
}

/** The first and last UTC hour whose start falls on the local days from … to. */
export function hourBounds(from: string, to: string, tz: string): [string, string] {
  let first = Date.parse(`${from}T00:00:00Z`) - 15 * HOUR;
  while (localHour(hourOf(new Date(first).toISOString()), tz).day < from) first += HOUR;
  let last = Date.parse(`${to}T00:00:00Z`) + DAY + 15 * HOUR;
  while (localHour(hourOf(new Date(last).toISOString()), tz).day > to) last -= HOUR;
  return [hourOf(new Date(first).toISOString()), hourOf(new Date(last).toISOString())];
}

/**
 * The spans of time ([start, end) as UTC ISO strings) of the hours whose start falls on the local days from … to
 * and on a weekday (0 Monday … 6 Sunday) and at an hour of the day in a time zone: the very hours the Insights
 * heatmap adds up. Neighbouring hours are joined into one span.
 */
export function localHourSpans(
  from: string,
  to: string,
  tz: string,
  weekday: number | undefined,
  hour: number | undefined,
): [string, string][] {
  const [first, last] = hourBounds(from, to, tz);
  const spans: [number, number][] = [];
  for (let at = Date.parse(`${first}:00:00Z`); at <= Date.parse(`${last}:00:00Z`); at += HOUR) {
    const local = localHour(hourOf(new Date(at).toISOString()), tz);
    if ((weekday !== undefined && local.weekday !== weekday) || (hour !== undefined && local.hour !== hour)) continue;
    const previous = spans[spans.length - 1];
    if (previous && previous[1] === at) previous[1] = at + HOUR;
    else spans.push([at, at + HOUR]);
  }
  return spans.map(([start, end]) => [new Date(start).toISOString(), new Date(end).toISOString()]);
}
