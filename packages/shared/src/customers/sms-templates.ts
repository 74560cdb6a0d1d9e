import { z } from 'zod';
import type { Language } from '../core/constants';
import { apiRoutes, defineContract } from '../core/contract';
import { resourceObject, resourceRequest, singleDocument } from '../core/jsonapi';
import { messages } from '../core/messages';
import type { MessageKey } from '../core/messages';

/** A company keeps at most this many SMS templates, each text at most this long. */
export const SMS_TEMPLATES_MAX = 20;
export const SMS_TEMPLATE_TEXT_MAX = 480;
export const SMS_TEMPLATE_NAME_MAX = 60;

/** What a template's text may name; the SMS dialog fills them in when the template is picked. */
export const SMS_PLACEHOLDERS = ['caller_name', 'company_name', 'user_name'] as const;
export type SmsPlaceholder = (typeof SMS_PLACEHOLDERS)[number];

export const smsTemplateSchema = z.object({
  name: z
    .string({ error: () => 'smsTemplateNameRequired' satisfies MessageKey })
    .trim()
    .min(1, 'smsTemplateNameRequired' satisfies MessageKey)
    .max(SMS_TEMPLATE_NAME_MAX, 'valueTooLong' satisfies MessageKey),
  text: z
    .string({ error: () => 'smsTemplateTextRequired' satisfies MessageKey })
    .trim()
    .min(1, 'smsTemplateTextRequired' satisfies MessageKey)
    .max(SMS_TEMPLATE_TEXT_MAX, 'valueTooLong' satisfies MessageKey),
});
export type SmsTemplate = z.infer<typeof smsTemplateSchema>;

export const smsTemplatesSchema = z
  .array(smsTemplateSchema, { error: () => 'invalidInput' satisfies MessageKey })
  .max(SMS_TEMPLATES_MAX, 'smsTemplatesTooMany' satisfies MessageKey);

/** The first template of a company that has none: the default text, in the reader's language. */
export const DEFAULT_SMS_TEMPLATE: Record<Language, SmsTemplate> = {
  en: { name: 'Default', text: messages.defaultSmsText },
  de: {
    name: 'Standard',
    text: 'Hallo, dies ist eine vorausgefüllte SMS-Nachricht. Sie können sie vor dem Senden bearbeiten.',
  },
};

/**
 * A template's text with its placeholders filled in. A value that is unknown (a caller whose name nobody knows) is
 * left out together with the space before it, so "Hello {caller_name}, …" reads "Hello, …".
 */
export function fillSmsTemplate(text: string, values: Partial<Record<SmsPlaceholder, string | null>>): string {
  return text
    .replace(/( ?)\{(caller_name|company_name|user_name)\}/g, (_match, space: string, name: SmsPlaceholder) => {
      const value = values[name]?.trim();
      return value ? `${space}${value}` : '';
    })
    .trim();
}

export const smsTemplatesAttributesSchema = z.object({
  sms_templates: z.array(z.object({ name: z.string(), text: z.string() })),
  /** The company's name, for `{company_name}` (read only). */
  company_name: z.string().nullable(),
});
export type SmsTemplatesAttributes = z.infer<typeof smsTemplatesAttributesSchema>;

const documentSchema = singleDocument(resourceObject('sms-templates', smsTemplatesAttributesSchema));
const tags = ['Profile'] as const;

export const smsTemplateContracts = {
  getSmsTemplates: defineContract({
    operationId: 'getSmsTemplates',
    method: 'GET',
    path: '/sms-templates',
    summary:
      'The company’s SMS templates, for the SMS dialog; a company without any gets the default text as its first',
    tags,
    auth: 'user',
    operations: ['calls.manage'],
    responses: { 200: documentSchema },
    errors: [],
  }),
  updateSmsTemplates: defineContract({
    operationId: 'updateSmsTemplates',
    method: 'PATCH',
    path: '/sms-templates',
    summary: `Replace the company’s SMS templates: at most ${SMS_TEMPLATES_MAX}, each a name and a text of at most ${SMS_TEMPLATE_TEXT_MAX} characters with {caller_name}, {company_name}, {user_name} (admin, adminuser)`,
    tags,
    auth: 'user',
    operations: ['company.edit'],
    resource: { type: 'sms-templates', id: 'singleton' },
    body: resourceRequest('sms-templates', z.object({ sms_templates: smsTemplatesSchema })),
    responses: { 200: documentSchema },
    errors: [],
  }),
};

export const smsTemplateRoutes = apiRoutes<typeof smsTemplateContracts>({
  getSmsTemplates: ['GET', '/sms-templates'],
  updateSmsTemplates: ['PATCH', '/sms-templates'],
});
