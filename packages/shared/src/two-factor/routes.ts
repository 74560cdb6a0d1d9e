/** The method and path of each operation of contract.ts, typed by it: a client calls them without its schemas. */
import type { twoFactorContracts } from './contract';
import { apiRoutes } from '../core/contract';

export const twoFactorRoutes = apiRoutes<typeof twoFactorContracts>({
  loginMfa: ['POST', '/login/mfa'],
  loginMfaEnrol: ['POST', '/login/mfa/enrol'],
  loginMfaEnrolConfirm: ['POST', '/login/mfa/enrol/confirm'],
  status: ['GET', '/me/mfa'],
  startTotp: ['POST', '/me/mfa/totp'],
  confirmTotp: ['POST', '/me/mfa/totp/confirm'],
  disableTotp: ['DELETE', '/me/mfa/totp'],
  resetUserMfa: ['DELETE', '/users/:id/mfa'],
  security: ['GET', '/settings/security'],
  updateSecurity: ['PATCH', '/settings/security'],
});
