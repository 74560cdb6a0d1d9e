import { SMTPServer } from 'smtp-server';

export type ReceivedMail = {
  to: string[];
  /** The decoded subject. */
  subject: string;
  raw: string;
  /** The raw message with quoted-printable undone (for reading links). */
  text: string;
  /** The decoded text/plain and text/html parts ('' when the mail has none). */
  plain: string;
  html: string;
};

/** Quoted-printable (soft breaks and =XX bytes) to UTF-8 text. */
function fromQuotedPrintable(data: string): string {
  const text = data.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const hex = text[i] === '=' ? /^[0-9A-F]{2}$/i.exec(text.slice(i + 1, i + 3))?.[0] : undefined;
    if (hex) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(text[i]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** Decodes RFC 2047 encoded words (=?UTF-8?Q?...?= and =?UTF-8?B?...?=) of a header, unfolded first. */
function decodeHeader(value: string): string {
  return value
    .replace(/\r?\n[ \t]+/g, ' ')
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([qb])\?([^?]*)\?=/gi, (_, kind: string, data: string) =>
      kind.toLowerCase() === 'b'
        ? Buffer.from(data, 'base64').toString('utf8')
        : fromQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

function header(block: string, name: string): string {
  const match = new RegExp(`^${name}:([^\\r\\n]*(?:\\r?\\n[ \\t][^\\r\\n]*)*)`, 'im').exec(block);
  return match?.[1]?.trim() ?? '';
}

/** The body of one MIME part, its transfer encoding undone. */
function decodeBody(headers: string, body: string): string {
  const encoding = header(headers, 'Content-Transfer-Encoding').toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return fromQuotedPrintable(body);
  return body;
}

/** The text/plain and text/html parts of a message (single part or multipart, nested one level or more). */
function parts(raw: string): { plain: string; html: string } {
  const found = { plain: '', html: '' };
  const walk = (entity: string) => {
    const split = entity.search(/\r?\n\r?\n/);
    const headers = split < 0 ? entity : entity.slice(0, split);
    const body = split < 0 ? '' : entity.slice(split).replace(/^\r?\n\r?\n/, '');
    const type = header(headers, 'Content-Type');
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (/^multipart\//i.test(type) && boundary) {
      for (const part of body.split(`--${boundary}`).slice(1)) {
        if (part.startsWith('--')) break;
        walk(part.replace(/^\r?\n/, ''));
      }
      return;
    }
    if (/^text\/html/i.test(type)) found.html ||= decodeBody(headers, body);
    else if (/^text\/plain/i.test(type) || !type) found.plain ||= decodeBody(headers, body);
  };
  walk(raw);
  return found;
}

/** Undoes quoted-printable soft breaks and escapes so links can be read from the raw message. */
function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** A real SMTP server on loopback that keeps what it receives. */
export async function startSmtp() {
  const mails: ReceivedMail[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const headEnd = raw.search(/\r?\n\r?\n/);
        const subject = decodeHeader(header(headEnd < 0 ? raw : raw.slice(0, headEnd), 'Subject'));
        mails.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          subject,
          raw,
          text: decodeQuotedPrintable(raw),
          ...parts(raw),
        });
        waiters.splice(0).forEach((wake) => wake());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    /** The newest mail to `to` whose subject contains `subject`, waiting up to 10 s for it. */
    async waitFor(to: string, subject: string, since = 0): Promise<ReceivedMail> {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const found = mails
          .slice(since)
          .reverse()
          .find((m) => m.to.includes(to) && m.subject.includes(subject));
        if (found) return found;
        if (Date.now() > deadline)
          throw new Error(`no mail "${subject}" to ${to}; got ${mails.map((m) => m.subject).join(', ')}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link of a mail that starts with `prefix`. */
export function linkIn(mail: ReceivedMail, prefix: string): string {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`${escaped}[^\\s"<>]*`).exec(mail.text);
  if (!match) throw new Error(`no link ${prefix} in mail "${mail.subject}"`);
  return match[0].replace(/&amp;/g, '&');
}

/** The values of a verification mail's link (its page at /verify-email sends them to POST /api/v2/verify-email). */
export function verificationIn(mail: ReceivedMail, publicUrl: string): { email: string; token: string } {
  const link = new URL(linkIn(mail, `${publicUrl}/verify-email`));
  return { email: link.searchParams.get('email') ?? '', token: link.searchParams.get('token') ?? '' };
}
