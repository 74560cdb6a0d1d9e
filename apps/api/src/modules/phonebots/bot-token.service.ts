import type { Kysely } from 'kysely';
import type { OperatorInput } from '@phonebot/shared/settings';
import type { Database } from '../../db/schema';
import { nowIso } from '../../db/time';
import type { Actor } from '../../lib/audit';
import { tokenHash } from '../../lib/crypto';
import { type Mailer, queueMail } from '../../lib/mailer';
import type { StepUp } from '../../lib/principal';
import type { SecretBox } from '../../lib/secrets';
import { mailContext } from '../settings';
import { activeUsersToMail, userById } from '../users';
import { type PhonebotRow, auditPhonebot, newBotToken } from './phonebot-row';
import { botTokenIssuedMail } from './phonebots.mails';

/** What regenerating a bot token needs besides: the step-up and the mail to the company's owners. */
export type BotTokenDeps = {
  db: Kysely<Database>;
  secrets: SecretBox;
  stepUp: StepUp;
  mailer: Mailer;
  publicUrl: string;
  operator: OperatorInput;
};

/**
 * Issues a new bot token; the old one stops working (at once in this process, see createBotTokenCache). The token
 * gives its holder the phonebot's secrets, so it takes a step-up, and the company's owners are mailed.
 */
export async function regenerateBotToken(deps: BotTokenDeps, actor: Actor, row: PhonebotRow): Promise<string> {
  await deps.stepUp(actor);
  const botToken = newBotToken();
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('phonebots')
      .set({ bot_token_hash: tokenHash(botToken), updated_at: nowIso() })
      .where('id', '=', row.id)
      .execute();
    await auditPhonebot(trx, actor, row, 'phonebot.bot-token');
    const by = await userById(trx, actor.userId);
    for (const owner of await activeUsersToMail(trx, row.customer_id, ['admin'])) {
      const context = await mailContext(trx, deps.operator, owner.language);
      const phonebot = { name: row.bezeichnung, licenseKey: row.license_key };
      await queueMail(trx, botTokenIssuedMail(context, deps.publicUrl, owner, phonebot, by?.name ?? ''));
    }
  });
  deps.mailer.wake();
  return botToken;
}
