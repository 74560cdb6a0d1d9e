import { type ComponentType, lazy } from 'react';
import { can } from '@phonebot/shared/permissions';
import type { CallScreenProps } from '../../features/calls/components/call-list-screen';

/**
 * A call screen, loaded lazily with the role query of the signed-in shell: the screen learns whether the role may
 * change calls (a guest only reads the log), and the calls feature does not import the auth feature.
 */
function callScreen(load: () => Promise<ComponentType<CallScreenProps>>): ComponentType {
  return lazy(async () => {
    const [Screen, { useMe, useRole }] = await Promise.all([load(), import('../../features/auth/queries')]);
    function CallScreen() {
      const role = useRole().data;
      const me = useMe();
      return (
        <Screen
          canManage={can(role, 'calls.manage')}
          viewer={{
            userId: me.data?.id,
            assignAny: can(role, 'calls.assignAny'),
            listUsers: can(role, 'users.manage'),
            managePhonebots: can(role, 'phonebots.manage'),
          }}
        />
      );
    }
    return { default: CallScreen };
  });
}

/** The call log: calls dashboard, new calls, completed calls, simple calls: route path -> screen, each loaded lazily. */
export const callScreens: Record<string, ComponentType> = {
  '/viewcalllogs': callScreen(
    async () => (await import('../../features/calls/components/calls-dashboard-page')).CallsDashboardPage,
  ),
  // /newcalls/:id lists the new calls of one phonebot (its license key).
  '/newcalls/:id?': callScreen(
    async () => (await import('../../features/calls/components/new-calls-page')).NewCallsPage,
  ),
  '/completed': callScreen(
    async () => (await import('../../features/calls/components/completed-calls-page')).CompletedCallsPage,
  ),
  '/calls': callScreen(async () => (await import('../../features/calls/components/simple-calls-page')).SimpleCallsPage),
};
