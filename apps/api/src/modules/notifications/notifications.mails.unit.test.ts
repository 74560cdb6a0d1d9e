import { describe, expect, it } from 'vitest';
import { NO_OPERATOR } from '@phonebot/shared/settings';
import { DIGEST_LINES, type NotificationForMail, notificationDigestMail } from './notifications.mails';

const recipient = { email: 'olga@example.com', name: 'Olga' };
const digest = (language: 'en' | 'de', notifications: NotificationForMail[]) =>
  notificationDigestMail({ language, operator: NO_OPERATOR }, 'http://portal.test', recipient, notifications);
const assigned = (i: number): NotificationForMail => ({
  kind: 'assigned',
  callId: i,
  caller: `+49301234${String(i).padStart(2, '0')}`,
  actor: 'Anna Admin',
});

describe('the mail about several unread notifications', () => {
  it('lists each in the user’s language and links to the calls', () => {
    const notifications = [
      assigned(1),
      { kind: 'mentioned', callId: 2, caller: '+4940999', actor: null },
      { kind: 'reply', callId: 3, caller: '+4917055', actor: null },
    ] satisfies NotificationForMail[];
    const english = digest('en', notifications);
    expect(english.subject).toBe('3 notifications you have not read');
    expect(english.text).toContain('These 3 notifications are waiting for you:');
    expect(english.text).toContain(
      'Anna Admin assigned you the call from +4930123401. http://portal.test/viewcalllogs?call=1&lang=en',
    );
    expect(english.text).toContain('Someone mentioned you in a note on the call from +4940999.');
    expect(english.text).toContain('New SMS reply from +4917055.');
    expect(english.text).toContain('Open the calls: http://portal.test/viewcalllogs?lang=en');

    const german = digest('de', notifications);
    expect(german.subject).toBe('3 ungelesene Benachrichtigungen');
    expect(german.text).toContain('Anna Admin hat Ihnen den Anruf von +4930123401 zugewiesen.');
    expect(german.text).toContain('Jemand hat Sie in einer Notiz zum Anruf von +4940999 erwähnt.');
    expect(german.text).toContain('Anrufe öffnen: http://portal.test/viewcalllogs?lang=de');
  });

  it(`writes out ${DIGEST_LINES} and counts the rest`, () => {
    const many = Array.from({ length: DIGEST_LINES + 3 }, (_, i) => assigned(i));
    const mail = digest('en', many);
    expect(mail.subject).toBe(`${DIGEST_LINES + 3} notifications you have not read`);
    expect(mail.text.match(/assigned you the call/g)).toHaveLength(DIGEST_LINES);
    expect(mail.text).toContain('And 3 more.');
    expect(mail.html).toContain('And 3 more.');
  });
});
