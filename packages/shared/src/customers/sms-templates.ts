import { z } from 'zod';
import { defineContract } from '../core/contract';
import { resourceObject, resourceRequest, singleDocument } from '../core/jsonapi';
import type { MessageKey } from '../core/messages';
import { SMS_TEMPLATES_MAX, SMS_TEMPLATE_NAME_MAX, SMS_TEMPLATE_TEXT_MAX } from './sms-template-values';

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
