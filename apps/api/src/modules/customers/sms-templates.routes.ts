import type { Kysely } from 'kysely';
import type { Language } from '@phonebot/shared';
import { smsTemplateContracts } from '@phonebot/shared/customers';
import type { Database } from '../../db/schema';
import { actorOf } from '../../lib/audit';
import { type ApiRouter, customerOf } from '../../lib/router';
import { userById } from '../users';
import { getSmsTemplates, updateSmsTemplates } from './sms-templates.service';

export function registerSmsTemplateRoutes(router: ApiRouter, deps: { db: Kysely<Database> }): void {
  const c = smsTemplateContracts;
  const languageOf = async (userId: number): Promise<Language> => (await userById(deps.db, userId))?.language ?? 'en';
  const document = (customerId: number, attributes: Awaited<ReturnType<typeof getSmsTemplates>>) => ({
    data: { type: 'sms-templates' as const, id: String(customerId), attributes },
  });

  router.handle(c.getSmsTemplates, async ({ principal }) => {
    const customerId = customerOf(principal);
    return document(customerId, await getSmsTemplates(deps.db, customerId, await languageOf(principal.userId)));
  });

  router.handle(c.updateSmsTemplates, async ({ principal, body, req }) => {
    const customerId = customerOf(principal);
    const templates = body.data.attributes.sms_templates;
    const language = await languageOf(principal.userId);
    return document(
      customerId,
      await updateSmsTemplates(deps.db, actorOf(principal, req), customerId, templates, language),
    );
  });
}
