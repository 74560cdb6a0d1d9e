import type { Language } from '@phonebot/shared';
import type { Operator } from '@phonebot/shared/settings';
import type { Mail } from './mailer';

/**
 * The frame every mail of the product shares (greeting, link button, operator footer, in the recipient's language);
 * each module writes its own texts into it (`<module>.mails.ts`), with the context from modules/settings
 * (`mailContext`).
 */

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const NAME_IN_MAIL_MAX = 100;
/** The product's name as mails write it. */
export const PRODUCT = 'Phonebot Portal';

/**
 * A person's free-text name as a mail may show it: no line breaks or control characters, and nothing that reads as
 * a link (a URL, or a word with a dot like example.com or bit.ly/x), since the mail may go to any address.
 */
export function nameForMail(name: string): string {
  return name
    .replace(/[\p{Cc}\p{Zl}\p{Zp}]+/gu, ' ')
    .replace(/\b[a-z][a-z\d+.-]*:\/\/\S*/gi, ' ')
    .replace(/\S*\w[.\u3002\uff0e\uff61]\w\S*/gu, ' ')
    .replace(/[<>]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, NAME_IN_MAIL_MAX)
    .trim();
}

/** What every mail needs besides its own values: the recipient's language and the operator it is sent for. */
export type MailContext = { language: Language; operator: Operator };

const FRAME = {
  en: {
    hello: (name: string) => (name ? `Hello ${name},` : 'Hello,'),
    operatedBy: (operator: string) => `${PRODUCT} is operated by ${operator}.`,
    imprint: 'Imprint',
    privacy: 'Privacy',
    terms: 'Terms',
  },
  de: {
    hello: (name: string) => (name ? `Hallo ${name},` : 'Hallo,'),
    operatedBy: (operator: string) => `${PRODUCT} wird betrieben von ${operator}.`,
    imprint: 'Impressum',
    privacy: 'Datenschutz',
    terms: 'AGB',
  },
} as const;

/**
 * A mail in the recipient's language as a plain-text and an HTML part with the same content: greeting, paragraphs,
 * the link, and a footer naming the operator with the parts of its identity that are set.
 */
export function composeMail(
  context: MailContext,
  to: string,
  subject: string,
  name: string,
  paragraphs: readonly string[],
  link: { url: string; label: string },
): Mail {
  const texts = FRAME[context.language];
  const { operator } = context;
  const greeting = texts.hello(nameForMail(name));
  const signature = operator.name ? texts.operatedBy(operator.name) : PRODUCT;
  const contact = [operator.address, operator.phone, operator.email].filter((part): part is string => !!part);
  const pages = [
    { label: texts.imprint, url: operator.imprint_url },
    { label: texts.privacy, url: operator.privacy_url },
    { label: texts.terms, url: operator.terms_url },
  ].flatMap((page) => (page.url ? [{ label: page.label, url: page.url }] : []));

  const text = [
    greeting,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    `${link.label}: ${link.url}`,
    '',
    '-- ',
    signature,
    ...(contact.length ? [contact.join(' · ')] : []),
    ...pages.map((page) => `${page.label}: ${page.url}`),
  ].join('\n');

  const muted = 'color:#555;font-size:13px;line-height:1.5';
  const html = [
    '<!doctype html>',
    `<html lang="${context.language}"><head><meta charset="utf-8"><title>${escape(subject)}</title></head>`,
    '<body style="margin:0;padding:24px;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1a1b1e">',
    '<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">',
    `<p style="margin:0 0 16px">${escape(greeting)}</p>`,
    ...paragraphs.map((p) => `<p style="margin:0 0 16px;line-height:1.5">${escape(p)}</p>`),
    `<p style="margin:24px 0"><a href="${escape(link.url)}" style="display:inline-block;background:#1864ab;color:#ffffff;text-decoration:none;padding:10px 18px;border-radius:4px">${escape(link.label)}</a></p>`,
    `<p style="margin:0 0 16px;${muted}">${escape(link.url)}</p>`,
    '<hr style="border:none;border-top:1px solid #dee2e6;margin:24px 0 16px">',
    `<p style="margin:0;${muted}">${escape(signature)}</p>`,
    contact.length ? `<p style="margin:0;${muted}">${contact.map(escape).join(' · ')}</p>` : '',
    pages.length
      ? `<p style="margin:8px 0 0;${muted}">${pages
          .map((page) => `<a href="${escape(page.url)}" style="color:#1864ab">${escape(page.label)}</a>`)
          .join(' · ')}</p>`
      : '',
    '</div></body></html>',
  ]
    .filter(Boolean)
    .join('\n');
  return { to, subject, text, html, links: [link.url] };
}

/** A link of a mail that opens the web app in the mail's language (its `lang` parameter), whatever the browser chose. */
export function pageLink(context: MailContext, page: string, params: Record<string, string> = {}): string {
  return `${page}?${new URLSearchParams({ ...params, lang: context.language })}`;
}
