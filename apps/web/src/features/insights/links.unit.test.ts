import { describe, expect, it } from 'vitest';
import { callListLink, durationParts, lastDays } from './links';

describe('insights links', () => {
  it('open the list that holds a bar segment’s calls', () => {
    expect(callListLink('2026-03-10', 'status', 'Completed')).toBe('/completed?date=2026-03-10');
    expect(callListLink('2026-03-10', 'status', 'In Progress')).toBe(
      '/viewcalllogs?date=2026-03-10&search=In+Progress',
    );
    expect(callListLink('2026-03-10', 'phonebot', 'Empfang')).toBe('/calls?date=2026-03-10&search=Empfang');
    expect(callListLink('2026-03-10', 'priority', 'Transferred')).toBe('/calls?date=2026-03-10');
  });

  it('word durations and periods', () => {
    expect(durationParts(90)).toEqual({ value: 2, unit: 'minute' });
    expect(durationParts(4 * 3600)).toEqual({ value: 4, unit: 'hour' });
    expect(durationParts(3 * 86400)).toEqual({ value: 3, unit: 'day' });
    expect(lastDays(7, new Date(2026, 2, 10))).toEqual({ from: '2026-03-04', to: '2026-03-10' });
  });
});
