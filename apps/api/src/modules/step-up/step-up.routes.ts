import { sessionContracts } from '@phonebot/shared/sessions';
import { actorOf } from '../../lib/audit';
import type { ApiRouter } from '../../lib/router';
import { type StepUpDeps, reauthenticate } from './step-up';

/** `POST /me/reauth`: "Confirm it is you" before a sensitive action. */
export function registerStepUpRoutes(router: ApiRouter, deps: StepUpDeps): void {
  router.handle(sessionContracts.reauth, async ({ principal, req, body }) => {
    await reauthenticate(deps, actorOf(principal, req), body);
    return undefined;
  });
}
