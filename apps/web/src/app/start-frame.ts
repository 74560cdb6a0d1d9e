import './start-frame.css';

/** Tabler's phone-call icon, as the shell's header shows it beside the app's name. */
const PHONE_ICON =
  '<svg viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" ' +
  'stroke-linejoin="round" aria-hidden="true"><path d="M5 4h4l2 5l-2.5 1.5a11 11 0 0 0 5 5l1.5 -2.5l5 2v4a2 2 0 0 1 ' +
  '-2 2a16 16 0 0 1 -15 -15a2 2 0 0 1 2 -2"/><path d="M15 7a2 2 0 0 1 2 2"/><path d="M15 3a6 6 0 0 1 6 6"/></svg>';

/**
 * The titles of the call lists, the first screen of every company user, in both languages: the frame shows the
 * screen's title where the screen will, before the texts load (a unit test keeps them equal to the locales').
 */
export const START_TITLES: Record<string, { en: string; de: string }> = {
  '/viewcalllogs': { en: 'Calls Dashboard', de: 'Anruf-Dashboard' },
  '/newcalls': { en: 'New calls', de: 'Neue Anrufe' },
  '/completed': { en: 'Completed calls', de: 'Erledigte Anrufe' },
};

const escape = (text: string) => text.replace(/[&<>"]/g, '');

/**
 * Paints the signed-in shell's header (menu button, icon and name) as plain elements while the app's code loads,
 * so a signed-in start shows the app's frame at once instead of a blank page; the app replaces it when it renders.
 * On a call list the frame also shows the screen's title, in the place and size the screen gives it.
 * Its styles (start-frame.css, with the plain elements' colours of components/plain/plain-ui.css) are inlined into
 * the page with the entry's, so nothing more is loaded for it.
 */
export function paintStartFrame(
  container: HTMLElement,
  appName: string,
  pathname: string,
  language: 'en' | 'de',
): void {
  const title = START_TITLES[pathname.replace(/\/+$/, '') || '/']?.[language];
  container.innerHTML =
    '<div class="pb-plain pb-frame" aria-hidden="true"><div class="pb-frame-header">' +
    '<span class="pb-frame-burger"><i></i></span>' +
    `<span class="pb-brand">${PHONE_ICON}<span class="pb-frame-name">${escape(appName)}</span></span>` +
    '</div>' +
    (title ? `<div class="pb-frame-main"><div class="pb-frame-title">${escape(title)}</div></div>` : '') +
    '</div>';
}
