/**
 * A short name for the device of a session from its user agent ("Firefox on Linux"), enough to recognise one's own
 * devices; anything unknown stays null and the screen shows the raw text.
 */
export function describeUserAgent(userAgent: string | null): { browser: string | null; system: string | null } {
  if (!userAgent) return { browser: null, system: null };
  const browsers: [RegExp, string][] = [
    [/Edg(e|A|iOS)?\//, 'Edge'],
    [/OPR\/|Opera/, 'Opera'],
    [/Firefox\/|FxiOS\//, 'Firefox'],
    [/SamsungBrowser\//, 'Samsung Internet'],
    [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
    [/Version\/[\d.]+.*Safari\//, 'Safari'],
    [/curl\//, 'curl'],
  ];
  const systems: [RegExp, string][] = [
    [/iPhone|iPad|iPod/, 'iOS'],
    [/Android/, 'Android'],
    [/Windows/, 'Windows'],
    [/Mac OS X|Macintosh/, 'macOS'],
    [/CrOS/, 'ChromeOS'],
    [/Linux/, 'Linux'],
  ];
  return {
    browser: browsers.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null,
    system: systems.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null,
  };
}
