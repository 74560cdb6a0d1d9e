import { describe, expect, it } from 'vitest';
import { de } from '../locales/de';
import { en } from '../locales/en';
import { START_TITLES } from './start-frame';

describe('the start frame', () => {
  it("shows the call lists' titles as their screens do, in both languages", () => {
    expect(START_TITLES).toEqual({
      '/viewcalllogs': { en: en.pages.viewCallLogs, de: de.pages.viewCallLogs },
      '/newcalls': { en: en.pages.newCalls, de: de.pages.newCalls },
      '/completed': { en: en.pages.completedCalls, de: de.pages.completedCalls },
    });
  });
});
