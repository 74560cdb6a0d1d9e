import { twoFactorContracts } from '@phonebot/shared/two-factor';
import { actorOf } from '../../lib/audit';
import type { ApiRouter } from '../../lib/router';
import { requiredEverywhere, setRequiredEverywhere } from './requirement';
import { finishSignInEnrolment, signInWithCode, startSignInEnrolment } from './sign-in-step';
import {
  type TwoFactorDeps,
  confirmTotp,
  disableTotp,
  resetTwoFactor,
  startTotp,
  twoFactorStatus,
} from './two-factor.service';

export function registerTwoFactorRoutes(router: ApiRouter, deps: TwoFactorDeps): void {
  const c = twoFactorContracts;
  const { db } = deps;

  // The second step of a sign-in.
  router.handle(c.loginMfa, async ({ body, req }) => ({
    meta: await signInWithCode(deps, body, req.ip, req.headers['user-agent']),
  }));
  router.handle(c.loginMfaEnrol, async ({ body, req }) => ({ meta: await startSignInEnrolment(deps, body, req.ip) }));
  router.handle(c.loginMfaEnrolConfirm, async ({ body, req }) => ({
    meta: await finishSignInEnrolment(deps, body, req.ip, req.headers['user-agent']),
  }));

  // The user's own second factor (My profile) and an administrator's reset of a lost one.
  router.handle(c.status, async ({ principal }) => ({ meta: await twoFactorStatus(db, principal.userId) }));
  router.handle(c.startTotp, async ({ principal, req }) => ({ meta: await startTotp(deps, actorOf(principal, req)) }));
  router.handle(c.confirmTotp, async ({ principal, req, body }) => ({
    meta: { recovery_codes: await confirmTotp(deps, actorOf(principal, req), body) },
  }));
  router.handle(c.disableTotp, async ({ principal, req, body }) => {
    await disableTotp(deps, actorOf(principal, req), body);
    return undefined;
  });
  router.handle(c.resetUserMfa, async ({ principal, req, params }) => {
    await resetTwoFactor(deps, principal, actorOf(principal, req), params.id);
    return undefined;
  });

  // Settings › Security: required for every user of the deployment.
  const securityDocument = async () => ({
    data: {
      type: 'security-settings' as const,
      id: 'security',
      attributes: { require_mfa: await requiredEverywhere(db) },
    },
  });
  router.handle(c.security, securityDocument);
  router.handle(c.updateSecurity, async ({ principal, req, body }) => {
    await setRequiredEverywhere(deps, actorOf(principal, req), body.data.attributes.require_mfa);
    return securityDocument();
  });
}
