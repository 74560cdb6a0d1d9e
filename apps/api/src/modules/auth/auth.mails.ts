import type { Mail } from '../../lib/mailer';
import { EMAIL_CHANGE_TOKEN_TTL_HOURS, RESET_TOKEN_TTL_MINUTES, VERIFY_TOKEN_TTL_HOURS } from '@phonebot/shared';

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const NAME_IN_MAIL_MAX = 100;

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

const hello = (name: string) => {
  const shown = nameForMail(name);
  return shown ? `Hello ${shown},` : 'Hello,';
};

function mail(
  to: string,
  subject: string,
  greeting: string,
  paragraphs: string[],
  link?: { url: string; label: string },
): Mail {
  const text = [
    greeting,
    '',
    ...paragraphs,
    ...(link ? ['', `${link.label}: ${link.url}`] : []),
    '',
    'Phonebot Portal',
  ].join('\n');
  const html = [
    `<p>${escape(greeting)}</p>`,
    ...paragraphs.map((p) => `<p>${escape(p)}</p>`),
    link ? `<p><a href="${escape(link.url)}">${escape(link.label)}</a></p>` : '',
    '<p>Phonebot Portal</p>',
  ].join('\n');
  return { to, subject, text, html, links: link ? [link.url] : [] };
}

export function verificationMail(publicUrl: string, email: string, name: string, token: string): Mail {
  const url = `${publicUrl}/verify-email?${new URLSearchParams({ email, token })}`;
  return mail(
    email,
    'Verify your email address',
    hello(name),
    [
      'thank you for registering with Phonebot Portal. Please confirm your email address with the link below.',
      `The link is valid for ${VERIFY_TOKEN_TTL_HOURS} hours. After that, an administrator enables your account and you can log in.`,
    ],
    { url, label: 'Verify email address' },
  );
}

export function alreadyRegisteredMail(publicUrl: string, email: string, name: string): Mail {
  return mail(
    email,
    'You already have an account',
    hello(name),
    [
      'someone tried to register a new Phonebot Portal account with this email address, which already has one.',
      'If it was you, log in or reset your password. If not, you can ignore this mail.',
    ],
    { url: `${publicUrl}/password-forgot`, label: 'Reset your password' },
  );
}

export function resetMail(resetPage: string, email: string, name: string, token: string): Mail {
  const url = `${resetPage}?${new URLSearchParams({ email, token })}`;
  return mail(
    email,
    'Reset your password',
    hello(name),
    [
      'we received a request to reset the password of your Phonebot Portal account.',
      `The link below is valid for ${RESET_TOKEN_TTL_MINUTES} minutes and works once. If you did not ask for it, ignore this mail.`,
    ],
    { url, label: 'Reset password' },
  );
}

export function invitationMail(publicUrl: string, email: string, name: string, inviter: string, token: string): Mail {
  const url = `${publicUrl}/password-reset?${new URLSearchParams({ email, token })}`;
  return mail(
    email,
    'You are invited to Phonebot Portal',
    hello(name),
    [
      `${nameForMail(inviter) || 'An administrator'} added you to your company's Phonebot Portal. Set your password with the link below, then log in with this email address.`,
      'The link is valid for 72 hours and works once.',
    ],
    { url, label: 'Set your password' },
  );
}

export function emailChangeMail(publicUrl: string, newEmail: string, name: string, token: string): Mail {
  const url = `${publicUrl}/confirm-email?${new URLSearchParams({ token })}`;
  return mail(
    newEmail,
    'Confirm your new email address',
    hello(name),
    [
      'please confirm that your Phonebot Portal account should use this email address from now on.',
      `The link is valid for ${EMAIL_CHANGE_TOKEN_TTL_HOURS} hours and works once. Until you open it, your account keeps its current address. If you did not ask for this, ignore this mail.`,
    ],
    { url, label: 'Confirm email address' },
  );
}

export function emailChangeNoticeMail(publicUrl: string, oldEmail: string, name: string, newEmail: string): Mail {
  return mail(
    oldEmail,
    'Your email address is being changed',
    hello(name),
    [
      `someone signed in to your Phonebot Portal account asked to change its email address to ${newEmail}. The change takes effect when the link sent to that address is opened.`,
      'If it was not you, sign in, change your password at once (this ends every other session) and tell your administrator.',
    ],
    { url: `${publicUrl}/login`, label: 'Sign in' },
  );
}

/** Tells a user that an administrator reset their second factor, so a reset they did not ask for is noticed. */
export function mfaResetMail(publicUrl: string, email: string, name: string): Mail {
  return mail(
    email,
    'Your two-factor sign-in was reset',
    hello(name),
    [
      'An administrator has reset the two-factor sign-in of your Phonebot Portal account. Your authenticator app and recovery codes no longer work for it.',
      'When you next log in, set up two-factor sign-in again if your company requires it, or in My profile.',
      'If you did not ask for this, please contact your administrator at once.',
    ],
    { url: `${publicUrl}/login`, label: 'Log in' },
  );
}
