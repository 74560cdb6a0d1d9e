import type { Kysely } from 'kysely';
import type { Language } from '@phonebot/shared';
import { OPERATOR_FIELDS, type Operator, type OperatorInput } from '@phonebot/shared/settings';
import type { Database } from '../../db/schema';
import { nowIso } from '../../db/time';
import { type Actor, auditChange } from '../../lib/audit';
import type { MailContext } from '../../lib/mail-layout';

const settingName = (field: keyof Operator) => `operator.${field}`;

/**
 * The operator's identity: a value the super saved in Settings wins (an empty one hides that part), otherwise the
 * environment's. Parts that are not set are null.
 */
export async function getOperator(db: Kysely<Database>, seed: OperatorInput): Promise<Operator> {
  const rows = await db
    .selectFrom('settings')
    .select(['name', 'value'])
    .where(
      'name',
      'in',
      OPERATOR_FIELDS.map((field) => settingName(field)),
    )
    .execute();
  const saved = new Map(rows.map((row) => [row.name, row.value]));
  const operator = {} as Operator;
  for (const field of OPERATOR_FIELDS) {
    const value = saved.get(settingName(field)) ?? seed[field];
    operator[field] = value === '' ? null : value;
  }
  return operator;
}

/** The context of a mail to someone writing in `language`: the operator as Settings (or the environment) name it. */
export async function mailContext(
  db: Kysely<Database>,
  operatorSeed: OperatorInput,
  language: Language,
): Promise<MailContext> {
  return { language, operator: await getOperator(db, operatorSeed) };
}

/** A deployment-wide setting of another module (for example two-factor sign-in's), or undefined when never saved. */
export async function readSetting(db: Kysely<Database>, name: string): Promise<string | undefined> {
  const row = await db.selectFrom('settings').select('value').where('name', '=', name).executeTakeFirst();
  return row?.value;
}

/** Saves a deployment-wide setting; run it in the change's transaction, with the change's audit entry. */
export async function writeSetting(db: Kysely<Database>, name: string, value: string): Promise<void> {
  await db
    .insertInto('settings')
    .values({ name, value, updated_at: nowIso() })
    .onConflict((oc) =>
      oc
        .column('name')
        .doUpdateSet((eb) => ({ value: eb.ref('excluded.value'), updated_at: eb.ref('excluded.updated_at') })),
    )
    .execute();
}

/** Saves the given parts (one row each) with their audit entry in one transaction; parts left out keep their values. */
export async function updateOperator(db: Kysely<Database>, actor: Actor, input: Partial<OperatorInput>): Promise<void> {
  const now = nowIso();
  const rows = OPERATOR_FIELDS.filter((field) => input[field] !== undefined).map((field) => ({
    name: settingName(field),
    value: input[field] ?? '',
    updated_at: now,
  }));
  if (rows.length === 0) return;
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('settings')
      .values(rows)
      .onConflict((oc) =>
        oc
          .column('name')
          .doUpdateSet((eb) => ({ value: eb.ref('excluded.value'), updated_at: eb.ref('excluded.updated_at') })),
      )
      .execute();
    await auditChange(trx, actor, {
      action: 'settings.operator',
      target: 'settings:operator',
      detail: { fields: rows.map((row) => row.name) },
    });
  });
}
