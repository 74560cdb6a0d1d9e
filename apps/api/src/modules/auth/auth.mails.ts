import type { Mail } from '../../lib/mailer';
import { RESET_TOKEN_TTL_MINUTES, VERIFY_TOKEN_TTL_HOURS } from '@phonebot/shared';

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

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
    `Hello ${name},`,
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
    `Hello ${name},`,
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
    `Hello ${name},`,
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
    `Hello ${name},`,
    [
      `${inviter} added you to your company's Phonebot Portal. Set your password with the link below, then log in with this email address.`,
      'The link is valid for 72 hours and works once.',
    ],
    { url, label: 'Set your password' },
  );
}
