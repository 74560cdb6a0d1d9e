import { type BusinessHours, WEEKDAYS, minutesOfTime } from '@phonebot/shared/customers';
import { MINUTE } from '../../db/time';

/**
 * Callback deadlines in a company's business hours: a deadline of n minutes is the moment n minutes of opening time
 * after the call arrived (a call on Friday at 18:00 with 60 minutes is due on Monday at 09:00 when Monday opens at
 * 08:00). The intervals are local times of the company's time zone; each is turned into its two moments in UTC for
 * the day it is on, so a day on which the clocks change has its real length (an interval 01:00-04:00 across the
 * spring change lasts two hours). Holidays are local days without opening time.
 */

/** The most days a deadline looks ahead: a year of closed days and holidays is more than any company lists. */
const DAYS_AHEAD = 800;

const formats = new Map<string, Intl.DateTimeFormat>();
function partsFormat(zone: string): Intl.DateTimeFormat {
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formats.set(zone, format);
  }
  return format;
}

type LocalParts = { year: number; month: number; day: number; hour: number; minute: number; second: number };

function localParts(at: number, zone: string): LocalParts {
  const parts: Record<string, number> = {};
  for (const part of partsFormat(zone).formatToParts(new Date(at))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return parts as LocalParts;
}

/** How far the zone's clock is ahead of UTC at a moment, in milliseconds. */
function offsetAt(at: number, zone: string): number {
  const p = localParts(at, zone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour % 24, p.minute, p.second);
  return asUtc - (at - (at % 1000));
}

/**
 * The moment a local day and minute of the zone stand for. A local time the clocks skip (in the spring gap) is read
 * with the offset before the change, so it lands just after the gap; a local time that happens twice is the first.
 */
export function zonedMoment(day: Date, minuteOfDay: number, zone: string): number {
  const local = day.getTime() + minuteOfDay * MINUTE;
  const first = local - offsetAt(local, zone);
  const second = local - offsetAt(first, zone);
  if (first === second) return first;
  // Two offsets meet here: take the earlier moment whose clock shows this local time, else the gap's end.
  const candidates = [first, second].filter((at) => at + offsetAt(at, zone) === local).sort((a, b) => a - b);
  return candidates[0] ?? Math.max(first, second);
}

/** The local calendar day (as a UTC midnight) that a moment falls on in the zone. */
function localDay(at: number, zone: string): Date {
  const p = localParts(at, zone);
  return new Date(Date.UTC(p.year, p.month - 1, p.day));
}

const isoDay = (day: Date) => day.toISOString().slice(0, 10);
/** Monday first, as WEEKDAYS. */
const weekdayOf = (day: Date) => WEEKDAYS[(day.getUTCDay() + 6) % 7]!;

/**
 * The moment `minutes` business minutes after `from` (ISO). A call that arrives while the company is open counts
 * from its arrival; one that arrives while it is closed counts from the next opening.
 */
export function addBusinessMinutes(from: string, minutes: number, hours: BusinessHours): string {
  const start = Date.parse(from);
  let left = minutes * MINUTE;
  const holidays = new Set(hours.holidays);
  let day = localDay(start, hours.time_zone);
  // The day before too: an interval of the previous local day may still run (never past 24:00, but a clock change
  // can make a local day end later than its date suggests).
  day = new Date(day.getTime() - 86_400_000);
  for (let i = 0; i <= DAYS_AHEAD; i += 1, day = new Date(day.getTime() + 86_400_000)) {
    if (holidays.has(isoDay(day))) continue;
    for (const [open, close] of hours.week[weekdayOf(day)]) {
      const end = zonedMoment(day, minutesOfTime(close), hours.time_zone);
      const begin = Math.max(zonedMoment(day, minutesOfTime(open), hours.time_zone), start);
      if (begin >= end) continue;
      if (left <= end - begin) return new Date(begin + left).toISOString();
      left -= end - begin;
    }
  }
  // No opening time within reach (a year of holidays): the deadline counts around the clock.
  return new Date(start + minutes * MINUTE).toISOString();
}
