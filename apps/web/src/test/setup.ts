// Set-up of the component tests (vitest project `web`, happy-dom): what Mantine needs of a browser that a test DOM
// lacks, the app's texts, and a clean page, session and cache before every test.
import { cleanup, configure } from '@testing-library/react';
import { setI18n } from 'react-i18next';
import { afterEach, beforeEach, expect } from 'vitest';
import { i18n, initI18n } from '../lib/i18n';
import { queryClient } from '../lib/query-client';
import { apiStub } from './api';

// A test DOM computes no layout: Mantine asks for media queries, observes sizes and scrolls elements into view.
window.matchMedia = (query: string): MediaQueryList =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }) as MediaQueryList;
window.ResizeObserver = class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
window.IntersectionObserver ??= class {
  readonly root = null;
  readonly rootMargin = '';
  readonly thresholds = [];
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
} as unknown as typeof IntersectionObserver;
// Mantine's autosize textarea follows web fonts as they load.
Object.defineProperty(document, 'fonts', {
  configurable: true,
  value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() },
});
// The signed-in shell opens the live event stream: in a component test it stays connecting and carries nothing.
window.EventSource = class {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  readonly CONNECTING = 0;
  readonly OPEN = 1;
  readonly CLOSED = 2;
  readyState = 0;
  readonly withCredentials = false;
  onopen = null;
  onmessage = null;
  onerror = null;
  constructor(readonly url: string) {}
  addEventListener() {}
  removeEventListener() {}
  dispatchEvent() {
    return false;
  }
  close() {
    this.readyState = 2;
  }
} as unknown as typeof EventSource;
Element.prototype.scrollIntoView = () => {};
Element.prototype.scrollTo = () => {};
window.scrollTo = () => {};
// Mantine reads computed styles with a pseudo-element argument, which a test DOM does not implement.
const computedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => computedStyle(element);

// Screens load their code lazily, as in the browser; on a busy machine that can take a few seconds.
configure({ asyncUtilTimeout: 10_000 });

// Before the test file is imported: a feature's module adds its texts when it loads, as after main.tsx's start.
// The files of the project share their modules (isolate: false): the instance is set up once, as in the app, so the
// texts the features added in an earlier file stay.
if (!i18n.isInitialized) await initI18n();
setI18n(i18n);

beforeEach(async () => {
  window.localStorage.clear();
  await i18n.changeLanguage('en');
  apiStub.reset();
});

afterEach(() => {
  cleanup();
  queryClient.clear();
  // A request no test answered is a screen asking for something the test did not expect.
  expect(apiStub.unanswered(), 'requests without an answer').toEqual([]);
});
