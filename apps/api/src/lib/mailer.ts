import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';

export type Mail = { to: string; subject: string; text: string; html?: string; links?: string[] };

export type Mailer = {
  /** Sends in the background with retries; the request that asked for it does not wait. */
  enqueue: (mail: Mail) => void;
  /** Resolves when every queued mail was sent or gave up (shutdown, tests). */
  idle: () => Promise<void>;
  close: () => void;
};

const RETRY_DELAYS_MS = [1000, 5000, 30000];

/**
 * SMTP when SMTP_URL is set; otherwise each mail is written as an .eml file to DATA_DIR/outbox and its links are
 * logged, so sign-up works on a machine with no mail server (DESIGN.md "Mail").
 */
export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  dataDir: string;
  log: Logger;
}): Mailer {
  const { smtpUrl, from, dataDir, log } = options;
  const transport = smtpUrl
    ? nodemailer.createTransport(smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const outbox = path.join(dataDir, 'outbox');
  const pending = new Set<Promise<void>>();
  let closed = false;

  async function deliver(mail: Mail): Promise<void> {
    const info = await transport.sendMail({
      from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
    });
    if (!smtpUrl) {
      await fs.mkdir(outbox, { recursive: true });
      const file = path.join(
        outbox,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^\w.-]/g, '')}.eml`,
      );
      await fs.writeFile(file, (info as unknown as { message: Buffer }).message);
      // Development mode only: with no SMTP server the links are how a person follows the mail.
      log.info({ file, subject: mail.subject, links: mail.links }, 'mail written to outbox');
    } else {
      log.info({ subject: mail.subject }, 'mail sent');
    }
  }

  async function sendWithRetries(mail: Mail): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      try {
        await deliver(mail);
        return;
      } catch (error) {
        const delay = RETRY_DELAYS_MS[attempt];
        if (delay === undefined || closed) {
          log.error({ err: error, subject: mail.subject }, 'mail could not be sent');
          return;
        }
        log.warn({ err: error, subject: mail.subject, attempt: attempt + 1 }, 'mail failed, retrying');
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
  }

  return {
    enqueue(mail) {
      const job = sendWithRetries(mail).finally(() => pending.delete(job));
      pending.add(job);
    },
    async idle() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
    close() {
      closed = true;
      transport.close();
    },
  };
}
