import { describe, expect, it } from 'vitest';
import { callListLink, callerLink, durationParts, heatmapLink, lastDays } from './links';

describe('insights links', () => {
  it('open the inbox with exactly the calls behind a figure', () => {
    const day = 'from=2026-03-10&to=2026-03-10';
    expect(callListLink('2026-03-10', 'status', 'Completed')).toBe(`/viewcalllogs?${day}&status=Completed`);
    expect(callListLink('2026-03-10', 'status', 'In Progress')).toBe(`/viewcalllogs?${day}&status=In+Progress`);
    expect(callListLink('2026-03-10', 'priority', 'Transferred')).toBe(`/viewcalllogs?${day}&priority=Transferred`);
    expect(callListLink('2026-03-10', 'category', 'Uncategorized')).toBe(`/viewcalllogs?${day}&category=Uncategorized`);
    expect(callListLink('2026-03-10', 'phonebot', 'Empfang', { Empfang: 'PB-1' })).toBe(
      `/viewcalllogs?${day}&phonebot=PB-1`,
    );
    expect(callListLink('2026-03-10', 'phonebot', '#7', {})).toBe(`/viewcalllogs?${day}`);
    const period = { from: '2026-03-01', to: '2026-03-30' };
    expect(heatmapLink(period, 0, 9)).toBe('/viewcalllogs?from=2026-03-01&to=2026-03-30&weekday=0&hour=9');
    expect(callerLink(period, '+4930111')).toBe('/viewcalllogs?caller=%2B4930111&from=2026-03-01&to=2026-03-30');
  });

  it('word durations and periods', () => {
    expect(durationParts(90)).toEqual({ value: 2, unit: 'minute' });
    expect(durationParts(4 * 3600)).toEqual({ value: 4, unit: 'hour' });
    expect(durationParts(3 * 86400)).toEqual({ value: 3, unit: 'day' });
    expect(lastDays(7, new Date(2026, 2, 10))).toEqual({ from: '2026-03-04', to: '2026-03-10' });
  });
});
