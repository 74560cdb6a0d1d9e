import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { to: string[]; subject: string; raw: string; text: string };

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
        const subject = /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? '';
        mails.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          subject,
          raw,
          text: decodeQuotedPrintable(raw),
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
