import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../../test/app';
import { ingest, liveCompany } from '../../../test/live';
import { MINUTE } from '../../db/time';
import { mailUntakenUrgentCalls } from './urgent-mail.service';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.stop();
});

/** Callers as a phonebot runtime may send them: anything up to 40 characters without control characters. */
const CALLERS = [
  'https://evil.example/pay',
  'www.evil.example',
  'help@evil.example',
  'mailto:help@evil.example',
  'evil\u3002example',
  'EVIL.EXAMPLE/claim',
  '+4930555002',
];
/** A phonebot's name as an admin may save it: markup, a link, a line break, a right-to-left override. */
const PHONEBOT = 'Hotline <b>now</b>\r\nPay at http://evil.example/x or evil.example \u202Eelpmaxe.live';

describe('urgent-call e-mails', () => {
  it('carry no link and no markup from the calls or the phonebot, in the text and the HTML part', async () => {
    const company = await liveCompany(app);
    await app.request({
      method: 'PATCH',
      url: '/api/v2/urgent-mail',
      token: company.owner.token,
      body: { data: { type: 'urgent-mail', attributes: { priorities: ['Transferred'], after_minutes: 1 } } },
    });
    await app.db.db
      .updateTable('phonebots')
      .set({ bezeichnung: PHONEBOT })
      .where('customer_id', '=', company.customerId)
      .execute();
    for (const caller of CALLERS) {
      const id = Number(await ingest(app, company.botToken));
      await app.db.db
        .updateTable('calls')
        .set({
          caller_number: caller,
          priority: 'Transferred',
          created_at: new Date(Date.now() - 5 * MINUTE).toISOString(),
        })
        .where('id', '=', id)
        .execute();
    }
    expect(
      await mailUntakenUrgentCalls(app.db.db, { publicUrl: 'http://portal.test', operatorSeed: app.config.operator }),
    ).toBe(CALLERS.length);
    const mail = await app.db.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', company.owner.email)
      .executeTakeFirstOrThrow();
    for (const part of [mail.text_body!, mail.html_body!]) {
      // Nothing a mail client would make a link of: no scheme, no address, no domain, also not with another dot.
      expect(part).not.toMatch(/https?:\/\/evil|evil\.example|@evil|mailto:|evil\u3002example|www\.evil/i);
      expect(part).not.toMatch(/[\r\u202E]|\n\nPay/);
      // What was there can still be read.
      expect(part).toContain('evil[.]example');
      expect(part).toContain('help[at]evil[.]example');
      expect(part).toContain('+4930555002');
      // The portal's own link stays.
      expect(part).toContain('http://portal.test/viewcalllogs');
    }
    expect(mail.html_body).not.toContain('<b>now</b>');
    expect(mail.html_body).toContain('&lt;b&gt;now&lt;/b&gt;');
    const links = [...mail.html_body!.matchAll(/href="([^"]*)"/g)].map((m) => m[1]);
    expect(links.every((href) => href!.startsWith('http://portal.test'))).toBe(true);
  });
});
