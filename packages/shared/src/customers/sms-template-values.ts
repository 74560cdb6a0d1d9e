/* The SMS templates' values and helpers that need no schema (sms-templates.ts builds its schemas on them). */
import type { Language } from '../core/constants';
import { messages } from '../core/messages';

/** A company keeps at most this many SMS templates, each text at most this long. */
export const SMS_TEMPLATES_MAX = 20;
export const SMS_TEMPLATE_TEXT_MAX = 480;
export const SMS_TEMPLATE_NAME_MAX = 60;

/** What a template's text may name; the SMS dialog fills them in when the template is picked. */
export const SMS_PLACEHOLDERS = ['caller_name', 'company_name', 'user_name'] as const;
export type SmsPlaceholder = (typeof SMS_PLACEHOLDERS)[number];

/** The first template of a company that has none: the default text, in the reader's language. */
export const DEFAULT_SMS_TEMPLATE: Record<Language, { name: string; text: string }> = {
  en: { name: 'Default', text: messages.defaultSmsText },
  de: {
    name: 'Standard',
    text: 'Hallo, dies ist eine vorausgefüllte SMS-Nachricht. Sie können sie vor dem Senden bearbeiten.',
  },
};

/**
 * A template's text with its placeholders filled in. A value that is unknown (a caller whose name nobody knows) is
 * left out together with the space before it, so "Hello {caller_name}, …" reads "Hello, …".
 */
export function fillSmsTemplate(text: string, values: Partial<Record<SmsPlaceholder, string | null>>): string {
  return text
    .replace(/( ?)\{(caller_name|company_name|user_name)\}/g, (_match, space: string, name: SmsPlaceholder) => {
      const value = values[name]?.trim();
      return value ? `${space}${value}` : '';
    })
    .trim();
}
