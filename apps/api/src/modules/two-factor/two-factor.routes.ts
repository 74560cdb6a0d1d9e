import { sessionContracts } from '@phonebot/shared/sessions';
import { twoFactorContracts } from '@phonebot/shared/two-factor';
import { actorOf } from '../../lib/audit';
import type { ApiRouter } from '../../lib/router';
import {
  type MfaDeps,
  confirmTotp,
  disableTotp,
  loginMfa,
  loginMfaEnrol,
  loginMfaEnrolConfirm,
  mfaStatus,
  requireMfaEverywhere,
  resetUserMfa,
  setRequireMfaEverywhere,
  startTotp,
} from './mfa.service';
import { endOtherSessions, endSession, listSessions } from './sessions.service';
import { type StepUpDeps, reauthenticate } from './step-up';

export function registerMfaRoutes(router: ApiRouter, deps: MfaDeps): void {
  const c = twoFactorContracts;
  const { db } = deps;

  router.handle(c.loginMfa, async ({ body, req }) => ({
    meta: await loginMfa(deps, body, req.ip, req.headers['user-agent']),
  }));
  router.handle(c.loginMfaEnrol, async ({ body, req }) => ({ meta: await loginMfaEnrol(deps, body, req.ip) }));
  router.handle(c.loginMfaEnrolConfirm, async ({ body, req }) => ({
    meta: await loginMfaEnrolConfirm(deps, body, req.ip, req.headers['user-agent']),
  }));

  router.handle(c.status, async ({ principal }) => ({ meta: await mfaStatus(db, principal.userId) }));
  router.handle(c.startTotp, async ({ principal, req }) => ({ meta: await startTotp(deps, actorOf(principal, req)) }));
  router.handle(c.confirmTotp, async ({ principal, req, body }) => ({
    meta: { recovery_codes: await confirmTotp(deps, actorOf(principal, req), body) },
  }));
  router.handle(c.disableTotp, async ({ principal, req, body }) => {
    await disableTotp(deps, actorOf(principal, req), body);
    return undefined;
  });
  router.handle(c.resetUserMfa, async ({ principal, req, params }) => {
    await resetUserMfa(deps, principal, actorOf(principal, req), params.id);
    return undefined;
  });

  const securityDocument = async () => ({
    data: {
      type: 'security-settings' as const,
      id: 'security',
      attributes: { require_mfa: await requireMfaEverywhere(db) },
    },
  });
  router.handle(c.security, securityDocument);
  router.handle(c.updateSecurity, async ({ principal, req, body }) => {
    await setRequireMfaEverywhere(deps, actorOf(principal, req), body.data.attributes.require_mfa);
    return securityDocument();
  });
}

export function registerSessionRoutes(router: ApiRouter, deps: StepUpDeps): void {
  const c = sessionContracts;
  const { db } = deps;
  router.handle(c.reauth, async ({ principal, req, body }) => {
    await reauthenticate(deps, actorOf(principal, req), body);
    return undefined;
  });
  router.handle(c.list, async ({ principal }) => ({
    data: await listSessions(db, principal.userId, principal.tokenId),
  }));
  router.handle(c.end, async ({ principal, req, params }) => {
    await endSession(db, actorOf(principal, req), params.id);
    return undefined;
  });
  router.handle(c.endOthers, async ({ principal, req }) => ({
    meta: { ended: await endOtherSessions(db, actorOf(principal, req), principal.tokenId) },
  }));
}
