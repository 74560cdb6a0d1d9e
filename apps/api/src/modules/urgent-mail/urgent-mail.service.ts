import type { Kysely } from 'kysely';
import { CALL_PRIORITIES, type CallPriority } from '@phonebot/shared/calls';
import type { OperatorInput } from '@phonebot/shared/settings';
import type { UrgentMailSettings } from '@phonebot/shared/urgent-mail';
import { COMPANY_ROLES } from '@phonebot/shared/users';
import type { Database } from '../../db/schema';
import { DAY, MINUTE, nowIso } from '../../db/time';
import { type Actor, auditChange } from '../../lib/audit';
import { notFound } from '../../lib/domain-errors';
import { type Mail, queueMail } from '../../lib/mailer';
import { mailContext } from '../settings';
import { urgentCallMail } from './urgent-mail.mails';
import { customerUrgentMail, customersWithUrgentMail, updateCustomerRow } from '../customers';
import { claimUrgentMail, untakenUrgentCallIds, urgentMailCalls } from '../calls';
import { activeUsersToMail } from '../users';

/** Calls older than this when the setting is turned on are not mailed any more: they are history, not alarms. */
export const URGENT_MAIL_LOOKBACK_MS = DAY;
/** At most this many calls per company and run; the next run (a minute later) takes the rest. */
const CALLS_PER_RUN = 50;

function parsePriorities(stored: string): CallPriority[] {
  try {
    const list: unknown = JSON.parse(stored);
    return Array.isArray(list) ? CALL_PRIORITIES.filter((priority) => list.includes(priority)) : [];
  } catch {
    return [];
  }
}

export async function getUrgentMail(db: Kysely<Database>, customerId: number): Promise<UrgentMailSettings> {
  const row = await customerUrgentMail(db, customerId);
  if (!row) throw notFound();
  return { priorities: parsePriorities(row.urgent_mail_priorities), after_minutes: row.urgent_mail_minutes };
}

export async function updateUrgentMail(
  db: Kysely<Database>,
  actor: Actor,
  customerId: number,
  input: Partial<UrgentMailSettings>,
): Promise<UrgentMailSettings> {
  return db.transaction().execute(async (trx) => {
    const set: { urgent_mail_priorities?: string; urgent_mail_minutes?: number; updated_at: string } = {
      updated_at: nowIso(),
    };
    if (input.priorities) set.urgent_mail_priorities = JSON.stringify(input.priorities);
    if (input.after_minutes !== undefined) set.urgent_mail_minutes = input.after_minutes;
    if (!(await updateCustomerRow(trx, customerId, set))) throw notFound();
    const saved = await getUrgentMail(trx, customerId);
    await auditChange(trx, actor, { action: 'urgent-mail.update', detail: { ...saved } });
    return saved;
  });
}

type JobContext = { publicUrl: string; operatorSeed: OperatorInput };

/**
 * Queues one mail per operator of each company about its calls of the chosen priorities that nobody took (open,
 * unassigned, not snoozed) `urgent_mail_minutes` after they came in. Each call is claimed by a conditional update before its mail
 * is queued in the same transaction, so a call is mailed once even when two processes run this at the same time.
 * Answers how many calls were mailed about.
 */
export async function mailUntakenUrgentCalls(
  db: Kysely<Database>,
  context: JobContext,
  now: Date = new Date(),
): Promise<number> {
  const companies = await customersWithUrgentMail(db);
  let mailed = 0;
  for (const company of companies) {
    const priorities = parsePriorities(company.urgent_mail_priorities);
    if (priorities.length === 0) continue;
    const dueBefore = new Date(now.getTime() - company.urgent_mail_minutes * MINUTE).toISOString();
    const notBefore = new Date(now.getTime() - URGENT_MAIL_LOOKBACK_MS).toISOString();
    mailed += await db.transaction().execute(async (trx) => {
      const due = await untakenUrgentCallIds(trx, {
        customerId: company.id,
        priorities,
        now: now.toISOString(),
        dueBefore,
        notBefore,
        limit: CALLS_PER_RUN,
      });
      if (due.length === 0) return 0;
      // The claim: only rows nobody mailed about meanwhile move, and only those are in the mail.
      const claimed = await claimUrgentMail(trx, company.id, due, now.toISOString());
      if (claimed.length === 0) return 0;
      const calls = await urgentMailCalls(trx, claimed);
      // The staff, who take calls, receive the mails (guests only read).
      const operators = await activeUsersToMail(trx, company.id, COMPANY_ROLES);
      const english = await mailContext(trx, context.operatorSeed, 'en');
      const german = { ...english, language: 'de' as const };
      for (const operator of operators) {
        const mail: Mail = urgentCallMail(operator.language === 'de' ? german : english, context.publicUrl, operator, {
          minutes: company.urgent_mail_minutes,
          calls: calls.map((call) => ({
            caller: call.caller_number,
            priority: call.priority,
            phonebot: call.bezeichnung,
            at: call.created_at,
          })),
        });
        await queueMail(trx, mail);
      }
      return claimed.length;
    });
  }
  return mailed;
}
