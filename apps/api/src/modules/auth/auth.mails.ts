import type { Kysely } from 'kysely';
import {
  EMAIL_CHANGE_TOKEN_TTL_HOURS,
  INVITE_TOKEN_TTL_HOURS,
  type Language,
  RESET_TOKEN_TTL_MINUTES,
  VERIFY_TOKEN_TTL_HOURS,
} from '@phonebot/shared';
import type { Operator, OperatorInput } from '@phonebot/shared/settings';
import type { Database } from '../../db/schema';
import type { Mail } from '../../lib/mailer';
import { getOperator } from '../settings/settings.service';

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const NAME_IN_MAIL_MAX = 100;
const PRODUCT = 'Phonebot Portal';

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

/** The context of a mail to someone writing in `language`: the operator as Settings (or the environment) name it. */
export async function mailContext(
  db: Kysely<Database>,
  operatorSeed: OperatorInput,
  language: Language,
): Promise<MailContext> {
  return { language, operator: await getOperator(db, operatorSeed) };
}

const TEXTS = {
  en: {
    hello: (name: string) => (name ? `Hello ${name},` : 'Hello,'),
    operatedBy: (operator: string) => `${PRODUCT} is operated by ${operator}.`,
    imprint: 'Imprint',
    privacy: 'Privacy',
    terms: 'Terms',
    verify: {
      subject: 'Verify your email address',
      body: [
        `thank you for registering with ${PRODUCT}. Please confirm your email address with the link below.`,
        `The link is valid for ${VERIFY_TOKEN_TTL_HOURS} hours. After that, an administrator enables your account and you can log in.`,
      ],
      link: 'Verify email address',
    },
    alreadyRegistered: {
      subject: 'You already have an account',
      body: [
        `someone tried to register a new ${PRODUCT} account with this email address, which already has one.`,
        'If it was you, log in or reset your password. If not, you can ignore this mail.',
      ],
      link: 'Reset your password',
    },
    reset: {
      subject: 'Reset your password',
      body: [
        `we received a request to reset the password of your ${PRODUCT} account.`,
        `The link below is valid for ${RESET_TOKEN_TTL_MINUTES} minutes and works once. If you did not ask for it, ignore this mail.`,
      ],
      link: 'Reset password',
    },
    invitation: {
      subject: `You are invited to ${PRODUCT}`,
      body: (inviter: string) => [
        `${inviter || 'An administrator'} added you to your company's ${PRODUCT}. Set your password with the link below, then log in with this email address.`,
        `The link is valid for ${INVITE_TOKEN_TTL_HOURS} hours and works once.`,
      ],
      link: 'Set your password',
    },
    emailChange: {
      subject: 'Confirm your new email address',
      body: [
        `please confirm that your ${PRODUCT} account should use this email address from now on.`,
        `The link is valid for ${EMAIL_CHANGE_TOKEN_TTL_HOURS} hours and works once. Until you open it, your account keeps its current address. If you did not ask for this, ignore this mail.`,
      ],
      link: 'Confirm email address',
    },
    emailChangeNotice: {
      subject: 'Your email address is being changed',
      body: (newEmail: string) => [
        `someone signed in to your ${PRODUCT} account asked to change its email address to ${newEmail}. The change takes effect when the link sent to that address is opened.`,
        'If it was not you, sign in, change your password at once (this ends every other session) and tell your administrator.',
      ],
      link: 'Sign in',
    },
    emailChangedByAdmin: {
      subject: 'Your email address was changed',
      body: (newEmail: string) => [
        `an administrator of your company changed the email address of your ${PRODUCT} account to ${newEmail}. From now on you sign in with that address, and mail for your account goes there.`,
        'If you did not expect this, contact your administrator at once.',
      ],
      link: 'Sign in',
    },
    mfaReset: {
      subject: 'Your two-factor sign-in was reset',
      body: [
        `an administrator has reset the two-factor sign-in of your ${PRODUCT} account. Your authenticator app and recovery codes no longer work for it.`,
        'When you next sign in, set up two-factor sign-in again if your company requires it, or in My profile.',
        'If you did not ask for this, please contact your administrator at once.',
      ],
      link: 'Sign in',
    },
  },
  de: {
    hello: (name: string) => (name ? `Hallo ${name},` : 'Hallo,'),
    operatedBy: (operator: string) => `${PRODUCT} wird betrieben von ${operator}.`,
    imprint: 'Impressum',
    privacy: 'Datenschutz',
    terms: 'AGB',
    verify: {
      subject: 'Bestätigen Sie Ihre E-Mail-Adresse',
      body: [
        `vielen Dank für Ihre Registrierung beim ${PRODUCT}. Bitte bestätigen Sie Ihre E-Mail-Adresse mit dem Link unten.`,
        `Der Link ist ${VERIFY_TOKEN_TTL_HOURS} Stunden gültig. Danach schaltet ein Administrator Ihr Konto frei und Sie können sich anmelden.`,
      ],
      link: 'E-Mail-Adresse bestätigen',
    },
    alreadyRegistered: {
      subject: 'Sie haben bereits ein Konto',
      body: [
        `jemand hat versucht, mit dieser E-Mail-Adresse ein neues Konto beim ${PRODUCT} zu registrieren. Zu dieser Adresse gibt es bereits ein Konto.`,
        'Wenn Sie es waren, melden Sie sich an oder setzen Sie Ihr Passwort zurück. Andernfalls können Sie diese E-Mail ignorieren.',
      ],
      link: 'Passwort zurücksetzen',
    },
    reset: {
      subject: 'Passwort zurücksetzen',
      body: [
        `wir haben eine Anfrage erhalten, das Passwort Ihres Kontos beim ${PRODUCT} zurückzusetzen.`,
        `Der Link unten ist ${RESET_TOKEN_TTL_MINUTES} Minuten gültig und funktioniert einmal. Wenn Sie ihn nicht angefordert haben, ignorieren Sie diese E-Mail.`,
      ],
      link: 'Passwort zurücksetzen',
    },
    invitation: {
      subject: `Einladung zum ${PRODUCT}`,
      body: (inviter: string) => [
        `${inviter || 'Ein Administrator'} hat Sie zum ${PRODUCT} Ihres Unternehmens hinzugefügt. Legen Sie mit dem Link unten Ihr Passwort fest und melden Sie sich dann mit dieser E-Mail-Adresse an.`,
        `Der Link ist ${INVITE_TOKEN_TTL_HOURS} Stunden gültig und funktioniert einmal.`,
      ],
      link: 'Passwort festlegen',
    },
    emailChange: {
      subject: 'Bestätigen Sie Ihre neue E-Mail-Adresse',
      body: [
        `bitte bestätigen Sie, dass Ihr Konto beim ${PRODUCT} ab jetzt diese E-Mail-Adresse verwenden soll.`,
        `Der Link ist ${EMAIL_CHANGE_TOKEN_TTL_HOURS} Stunden gültig und funktioniert einmal. Bis Sie ihn öffnen, behält Ihr Konto die bisherige Adresse. Wenn Sie das nicht angefordert haben, ignorieren Sie diese E-Mail.`,
      ],
      link: 'E-Mail-Adresse bestätigen',
    },
    emailChangeNotice: {
      subject: 'Ihre E-Mail-Adresse wird geändert',
      body: (newEmail: string) => [
        `jemand, der in Ihrem Konto beim ${PRODUCT} angemeldet ist, hat die Änderung der E-Mail-Adresse auf ${newEmail} beantragt. Die Änderung wird wirksam, wenn der an diese Adresse gesendete Link geöffnet wird.`,
        'Wenn Sie das nicht waren, melden Sie sich an, ändern Sie sofort Ihr Passwort (das beendet alle anderen Sitzungen) und informieren Sie Ihren Administrator.',
      ],
      link: 'Anmelden',
    },
    emailChangedByAdmin: {
      subject: 'Ihre E-Mail-Adresse wurde geändert',
      body: (newEmail: string) => [
        `ein Administrator Ihrer Firma hat die E-Mail-Adresse Ihres Kontos beim ${PRODUCT} auf ${newEmail} geändert. Ab jetzt melden Sie sich mit dieser Adresse an, und E-Mails zu Ihrem Konto gehen dorthin.`,
        'Wenn Sie das nicht erwartet haben, wenden Sie sich sofort an Ihren Administrator.',
      ],
      link: 'Anmelden',
    },
    mfaReset: {
      subject: 'Ihre Zwei-Faktor-Anmeldung wurde zurückgesetzt',
      body: [
        `ein Administrator hat die Zwei-Faktor-Anmeldung Ihres Kontos beim ${PRODUCT} zurückgesetzt. Ihre Authenticator-App und Ihre Wiederherstellungscodes gelten dafür nicht mehr.`,
        'Richten Sie die Zwei-Faktor-Anmeldung bei der nächsten Anmeldung neu ein, wenn Ihre Firma sie verlangt, oder unter Mein Profil.',
        'Wenn Sie das nicht veranlasst haben, wenden Sie sich bitte sofort an Ihren Administrator.',
      ],
      link: 'Anmelden',
    },
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
  const texts = TEXTS[context.language];
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
function pageLink(context: MailContext, page: string, params: Record<string, string> = {}): string {
  return `${page}?${new URLSearchParams({ ...params, lang: context.language })}`;
}

export function verificationMail(
  context: MailContext,
  publicUrl: string,
  email: string,
  name: string,
  token: string,
): Mail {
  const texts = TEXTS[context.language].verify;
  const url = pageLink(context, `${publicUrl}/verify-email`, { email, token });
  return composeMail(context, email, texts.subject, name, texts.body, { url, label: texts.link });
}

export function alreadyRegisteredMail(context: MailContext, publicUrl: string, email: string, name: string): Mail {
  const texts = TEXTS[context.language].alreadyRegistered;
  return composeMail(context, email, texts.subject, name, texts.body, {
    url: pageLink(context, `${publicUrl}/password-forgot`),
    label: texts.link,
  });
}

export function resetMail(context: MailContext, resetPage: string, email: string, name: string, token: string): Mail {
  const texts = TEXTS[context.language].reset;
  const url = pageLink(context, resetPage, { email, token });
  return composeMail(context, email, texts.subject, name, texts.body, { url, label: texts.link });
}

export function invitationMail(
  context: MailContext,
  publicUrl: string,
  email: string,
  name: string,
  inviter: string,
  token: string,
): Mail {
  const texts = TEXTS[context.language].invitation;
  const url = pageLink(context, `${publicUrl}/password-reset`, { email, token });
  return composeMail(context, email, texts.subject, name, texts.body(nameForMail(inviter)), { url, label: texts.link });
}

export function emailChangeMail(
  context: MailContext,
  publicUrl: string,
  newEmail: string,
  name: string,
  token: string,
): Mail {
  const texts = TEXTS[context.language].emailChange;
  const url = pageLink(context, `${publicUrl}/confirm-email`, { token });
  return composeMail(context, newEmail, texts.subject, name, texts.body, { url, label: texts.link });
}

/**
 * Tells the old address of a user that its address is being changed: by the user (it takes effect with the link
 * mailed to the new one) or by an administrator (at once), so a takeover is noticed either way.
 */
export function emailChangeNoticeMail(
  context: MailContext,
  publicUrl: string,
  oldEmail: string,
  name: string,
  newEmail: string,
  by: 'user' | 'admin' = 'user',
): Mail {
  const texts = TEXTS[context.language][by === 'user' ? 'emailChangeNotice' : 'emailChangedByAdmin'];
  return composeMail(context, oldEmail, texts.subject, name, texts.body(newEmail), {
    url: pageLink(context, `${publicUrl}/login`),
    label: texts.link,
  });
}

/** Tells a user that an administrator reset their second factor, so a reset they did not ask for is noticed. */
export function mfaResetMail(context: MailContext, publicUrl: string, email: string, name: string): Mail {
  const texts = TEXTS[context.language].mfaReset;
  return composeMail(context, email, texts.subject, name, texts.body, { url: `${publicUrl}/login`, label: texts.link });
}
