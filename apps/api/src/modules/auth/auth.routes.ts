import { authContracts } from '@phonebot/shared/auth';
import type { ApiRouter } from '../../lib/router';
import { revokeToken } from '../sessions';
import { confirmEmailChange } from './email-change.service';
import { forgotPassword, passwordLinkKind, resetPassword } from './password-reset.service';
import { type AuthDeps, login } from './sign-in.service';
import { register, verifyEmail } from './sign-up.service';

export function registerAuthRoutes(router: ApiRouter, deps: AuthDeps): void {
  const c = authContracts;

  router.handle(c.login, async ({ body, req, reply }) => ({
    meta: await login(deps, body, req.ip, req.headers['user-agent'], {
      header: req.headers.cookie,
      set: (setCookie) => void reply.header('set-cookie', setCookie),
    }),
  }));

  router.handle(c.logout, async ({ principal }) => {
    await revokeToken(deps.db, principal.tokenId);
    return undefined;
  });

  router.handle(c.register, async ({ body, req }) => {
    await register(deps, body, req.ip);
    return { meta: { status: 'registered' } };
  });

  router.handle(c.verifyEmail, async ({ body, req }) => {
    await verifyEmail(deps, body, req.ip);
    return { meta: { status: 'verified' } };
  });

  router.handle(c.confirmEmail, async ({ body, req }) => {
    await confirmEmailChange(deps, body, req.ip);
    return { meta: { status: 'changed' } };
  });

  router.handle(c.forgotPassword, async ({ body, req }) => {
    await forgotPassword(deps, body, req.ip);
    return { meta: { status: 'sent' } };
  });

  router.handle(c.resetPassword, async ({ body, req }) => {
    await resetPassword(deps, body, req.ip);
    return { meta: { status: 'changed' } };
  });

  router.handle(c.passwordLink, async ({ body, req }) => ({
    meta: { kind: await passwordLinkKind(deps, body, req.ip) },
  }));

  router.handle(c.role, async ({ principal }) => ({ meta: { role: principal.role } }));
}
