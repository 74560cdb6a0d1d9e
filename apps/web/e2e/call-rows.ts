import type { Locator, Page } from 'playwright-core';

/** The texts of a call row's menu, as the inbox names them in each language. */
const MENU = {
  en: { button: 'Actions for the call from', conversation: 'Conversation' },
  de: { button: 'Aktionen für den Anruf von', conversation: 'Gespräch' },
} as const;

/**
 * Opens a call's conversation from the row's menu (the inbox's one-line rows open the call itself on a click; the
 * conversation dialog is one of the row's actions). `row` is the call's table row, `caller` its number.
 */
export async function openConversationFromRow(
  page: Page,
  row: Locator,
  caller: string,
  language: 'en' | 'de' = 'en',
): Promise<void> {
  await row.getByRole('button', { name: `${MENU[language].button} ${caller}` }).click();
  await page.getByRole('menuitem', { name: MENU[language].conversation, exact: true }).click();
}
