/** The method and path of each operation of attempts.ts, typed by it: a client calls them without its schemas. */
import { apiRoutes } from '../core/contract';
import type { attemptContracts } from './attempts';

export const attemptRoutes = apiRoutes<typeof attemptContracts>({
  createCallAttempt: ['POST', '/calls/:id/attempts'],
  dialCall: ['POST', '/calls/:id/dial'],
  dialTwiml: ['POST', '/dial/:attempt/twiml'],
  dialStatusCallback: ['POST', '/dial/:attempt/status'],
  smsInbound: ['POST', '/sms/inbound'],
});
