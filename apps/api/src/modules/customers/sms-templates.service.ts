import type { Kysely } from 'kysely';
import type { Language } from '@phonebot/shared';
import { DEFAULT_SMS_TEMPLATE, type SmsTemplate, type SmsTemplatesAttributes } from '@phonebot/shared/customers';
import type { Database } from '../../db/schema';
import { nowIso } from '../../db/time';
import { type Actor, auditChange } from '../../lib/audit';
import { notFound } from '../../lib/domain-errors';

/** A company's SMS templates (customers.sms_templates, JSON [{name, text}]), offered by the SMS dialog. */

function parseTemplates(stored: string): SmsTemplate[] {
  try {
    const list: unknown = JSON.parse(stored);
    if (!Array.isArray(list)) return [];
    return list.filter(
      (item): item is SmsTemplate =>
        typeof item === 'object' && item !== null && typeof item.name === 'string' && typeof item.text === 'string',
    );
  } catch {
    return [];
  }
}

/** The company's templates; one without any gets the default text (in the reader's language) as its first. */
export async function getSmsTemplates(
  db: Kysely<Database>,
  customerId: number,
  language: Language,
): Promise<SmsTemplatesAttributes> {
  const row = await db
    .selectFrom('customers')
    .select(['sms_templates', 'company_name'])
    .where('id', '=', customerId)
    .executeTakeFirst();
  if (!row) throw notFound();
  const templates = parseTemplates(row.sms_templates);
  return {
    sms_templates: templates.length > 0 ? templates : [DEFAULT_SMS_TEMPLATE[language]],
    company_name: row.company_name,
  };
}

/** Replaces the company's templates (checked by the contract: at most 20, each text at most 480 characters). */
export async function updateSmsTemplates(
  db: Kysely<Database>,
  actor: Actor,
  customerId: number,
  templates: SmsTemplate[],
  language: Language,
): Promise<SmsTemplatesAttributes> {
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('customers')
      .set({ sms_templates: JSON.stringify(templates), updated_at: nowIso() })
      .where('id', '=', customerId)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw notFound();
    await auditChange(trx, actor, {
      action: 'sms-templates.update',
      detail: { names: templates.map((template) => template.name) },
    });
    return getSmsTemplates(trx, customerId, language);
  });
}
