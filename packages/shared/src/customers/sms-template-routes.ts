/** The method and path of each operation of sms-templates.ts, typed by it: a client calls them without its schemas. */
import { apiRoutes } from '../core/contract';
import type { smsTemplateContracts } from './sms-templates';

export const smsTemplateRoutes = apiRoutes<typeof smsTemplateContracts>({
  getSmsTemplates: ['GET', '/sms-templates'],
  updateSmsTemplates: ['PATCH', '/sms-templates'],
});
