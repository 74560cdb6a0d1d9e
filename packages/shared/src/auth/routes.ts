/** The method and path of each operation of contract.ts, typed by it: a client calls them without its schemas. */
import type { authContracts } from './contract';
import { apiRoutes } from '../core/contract';

export const authRoutes = apiRoutes<typeof authContracts>({
  login: ['POST', '/login'],
  logout: ['POST', '/logout'],
  register: ['POST', '/register'],
  verifyEmail: ['POST', '/verify-email'],
  confirmEmail: ['POST', '/confirm-email'],
  forgotPassword: ['POST', '/password-forgot'],
  resetPassword: ['POST', '/password-reset'],
  passwordLink: ['POST', '/password-reset/link'],
  role: ['GET', '/role'],
});
