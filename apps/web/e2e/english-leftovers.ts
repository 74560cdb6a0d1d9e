import type { Page } from 'playwright-core';
import { billingTranslations } from '../src/features/billing/locales';
import { callsHistoryTranslations } from '../src/features/calls-history/locales';
import { companyTranslations } from '../src/features/company/locales';
import { customersTranslations } from '../src/features/customers/locales';
import { dashboardTranslations } from '../src/features/dashboard/locales';
import { guestsTranslations } from '../src/features/guests/locales';
import { integrationsTranslations } from '../src/features/integrations/locales';
import { phonebotsTranslations } from '../src/features/phonebots/locales';
import { profileTranslations } from '../src/features/profile/locales';
import { settingsTranslations } from '../src/features/settings/locales';
import { usersTranslations } from '../src/features/users/locales';
import { de } from '../src/locales/de';
import { en } from '../src/locales/en';

type Tree = { [key: string]: string | Tree };

/** Every text of `english` whose German differs: on a German screen, any of them is a text left untranslated. */
function englishOnly(english: Tree, german: Tree, into: Set<string>): Set<string> {
  for (const [key, value] of Object.entries(english)) {
    const other = german[key];
    if (typeof value === 'string') {
      // Texts with placeholders never show as they are; very short ones ("#") are not words.
      if (typeof other === 'string' && other !== value && !value.includes('{{') && value.length > 2) into.add(value);
    } else if (typeof other === 'object') {
      englishOnly(value, other, into);
    }
  }
  return into;
}

const ENGLISH_ONLY = [
  [en, de],
  ...[
    billingTranslations,
    callsHistoryTranslations,
    companyTranslations,
    customersTranslations,
    dashboardTranslations,
    guestsTranslations,
    integrationsTranslations,
    phonebotsTranslations,
    profileTranslations,
    settingsTranslations,
    usersTranslations,
  ].map((translations) => [translations.en, translations.de]),
].reduce((found, [english, german]) => englishOnly(english as Tree, german as Tree, found), new Set<string>());

/** Texts the screen shows or announces: text nodes, labels, placeholders and titles of visible elements. */
async function shownTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (parent && parent.closest('[hidden], [aria-hidden="true"], script, style') === null) {
        const text = node.textContent?.trim();
        if (text) texts.push(text);
      }
    }
    for (const element of document.querySelectorAll('[aria-label], [placeholder], [title]')) {
      for (const name of ['aria-label', 'placeholder', 'title']) {
        const value = element.getAttribute(name)?.trim();
        if (value) texts.push(value);
      }
    }
    for (const option of document.querySelectorAll('option')) texts.push(option.text.trim());
    return texts;
  });
}

/** The English texts a German screen still shows. */
export async function englishLeftovers(page: Page): Promise<string[]> {
  return [...new Set((await shownTexts(page)).filter((text) => ENGLISH_ONLY.has(text)))];
}
