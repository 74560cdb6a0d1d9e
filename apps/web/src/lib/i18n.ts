import { useSyncExternalStore } from 'react';
import i18n, { type ParseKeys, type TFunction } from 'i18next';
import { en } from '../locales/en';

export const LANGUAGES = ['en', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];

export type TranslationKey = ParseKeys;

const LANGUAGE_STORAGE_KEY = 'phonebot_language';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The language chosen in this browser, if one was. */
function storedLanguage(): Language | undefined {
  try {
    const value = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    if (isLanguage(value)) return value;
  } catch {
    // Storage unavailable: no choice kept.
  }
  return undefined;
}

// German is loaded on demand so English visitors do not download it. Features add their own German texts when
// their screens load, so the bundle may already exist: the core texts are merged in, not assumed missing.
let germanLoaded = false;
async function ensureLoaded(language: Language): Promise<void> {
  if (language === 'de' && !germanLoaded) {
    const { de } = await import('../locales/de');
    i18n.addResourceBundle('de', 'translation', de, true, false);
    germanLoaded = true;
  }
}

/**
 * The language a mailed link names (`?lang=de`): the mail's language, which the page it opens speaks too unless
 * this browser chose one.
 */
function linkLanguage(): Language | undefined {
  try {
    const value = new URLSearchParams(window.location.search).get('lang');
    return isLanguage(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** The first of the browser's preferred languages that the portal speaks (de-AT is German), for a first visit. */
function browserLanguage(): Language | undefined {
  if (typeof navigator === 'undefined') return undefined;
  const preferred = navigator.languages?.length ? navigator.languages : [navigator.language];
  for (const tag of preferred) {
    const primary = (tag ?? '').toLowerCase().split('-')[0];
    if (isLanguage(primary)) return primary;
  }
  return undefined;
}

/** The language a start shows: a choice made in this browser, else a mailed link's, else the browser's, else English. */
export function startLanguage(): Language {
  return storedLanguage() ?? linkLanguage() ?? browserLanguage() ?? 'en';
}

export async function initI18n(): Promise<void> {
  const language = startLanguage();
  i18n.on('languageChanged', (lng) => {
    document.documentElement.lang = lng;
  });
  // react-i18next joins when the signed-in app loads (app/start-app.tsx): the login page translates without it.
  await i18n.init({
    resources: { en: { translation: en } },
    lng: 'en',
    fallbackLng: 'en',
    supportedLngs: LANGUAGES,
    interpolation: { escapeValue: false },
  });
  document.documentElement.lang = 'en';
  if (language !== 'en') {
    try {
      await ensureLoaded(language);
      await i18n.changeLanguage(language);
    } catch {
      // Offline before the German texts were ever loaded (the service worker keeps only what was used): the app
      // starts in English rather than not at all.
    }
  }
}

export async function setLanguage(language: Language): Promise<void> {
  await ensureLoaded(language);
  await i18n.changeLanguage(language);
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // The choice then lasts for this visit only.
  }
}

function subscribeLanguage(listener: () => void): () => void {
  i18n.on('languageChanged', listener);
  return () => i18n.off('languageChanged', listener);
}

/**
 * The translate function for screens that load before react-i18next (the login page): it re-renders the component
 * when the language changes.
 */
export function useI18n(): { t: TFunction; language: string } {
  const language = useSyncExternalStore(subscribeLanguage, () => i18n.language);
  return { t: i18n.t, language };
}

export function currentLanguage(): Language {
  return isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
}

export function isTranslationKey(value: string): value is TranslationKey {
  return i18n.exists(value);
}

/** Translates `text` when it is a message key (form and API errors carry keys), else shows it as it is. */
export function translateText(t: TFunction, text: string): string {
  return isTranslationKey(text) ? t(text) : text;
}

export { i18n };

/** A feature's own texts, English and German in the same shape, under the feature's top-level key. */
export type FeatureTranslations<T extends Record<string, unknown>> = { en: T; de: DeepStrings<T> };
type DeepStrings<T> = { [K in keyof T]: T[K] extends string ? string : DeepStrings<T[K]> };

/**
 * Adds a feature's texts when its screens load, so the first page carries only the texts it shows. Both languages
 * are added at once: a feature's German is small.
 */
export function registerTranslations<T extends Record<string, unknown>>(translations: FeatureTranslations<T>): void {
  i18n.addResourceBundle('en', 'translation', translations.en, true, false);
  i18n.addResourceBundle('de', 'translation', translations.de, true, false);
}
