// The browser flows' and the web benchmarks' Chromium flags, in a file of their own: the benchmarks (checked
// without the DOM's types) import them without the flows' harness.

/** Chromium as the tests and the web benchmark run it: headless, and without network traffic of its own. */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
