import { type ComponentType, lazy } from 'react';
import { matchPath } from 'react-router';
import { can } from '@phonebot/shared';
import {
  type CallScreenProps,
  loadCallListPrefetch,
  loadCallsDashboardPage,
  loadCompletedCallsPage,
  loadNewCallsPage,
  loadSimpleCallsPage,
} from '../../features/calls';
import { prepareCallDates } from '../../lib/dates';
import { i18n } from '../../lib/i18n';
import { nextTask } from '../../lib/next-task';

/**
 * A call screen, loaded lazily with the role query of the signed-in shell: the screen learns whether the role may
 * change calls (a guest only reads the log), and the calls feature does not import the auth feature.
 */
function callScreen(
  load: () => Promise<ComponentType<CallScreenProps>>,
): ComponentType & { preload: () => Promise<unknown> } {
  let loading: ReturnType<typeof start> | undefined;
  const start = () => Promise.all([load(), import('../../features/auth')]);
  const preload = () => (loading ??= start());
  const Screen = lazy(async () => {
    const [Screen, { useMe, useRole }] = await preload();
    function CallScreen() {
      const role = useRole().data;
      const me = useMe();
      return (
        <Screen
          canManage={can(role, 'calls.manage')}
          viewer={{
            userId: me.data?.id,
            assignAny: can(role, 'calls.assignAny'),
            pickAssignee: can(role, 'calls.assignAny'),
            managePhonebots: can(role, 'phonebots.manage'),
          }}
        />
      );
    }
    return { default: CallScreen };
  });
  return Object.assign(Screen, { preload });
}

/** The call log: calls dashboard, new calls, completed calls, simple calls: route path -> screen, each loaded lazily. */
export const callScreens: Record<string, ComponentType & { preload: () => Promise<unknown> }> = {
  '/viewcalllogs': callScreen(async () => (await loadCallsDashboardPage()).CallsDashboardPage),
  // /newcalls/:id lists the new calls of one phonebot (its license key).
  '/newcalls/:id?': callScreen(async () => (await loadNewCallsPage()).NewCallsPage),
  '/completed': callScreen(async () => (await loadCompletedCallsPage()).CompletedCallsPage),
  '/calls': callScreen(async () => (await loadSimpleCallsPage()).SimpleCallsPage),
};

/**
 * Called when the app starts at a call screen's address: its code and, on the dashboard, its first answers are
 * asked for at once, beside the signed-in shell's code and the role, instead of after them.
 */
export function preloadCallScreen(pathname: string): void {
  const path = Object.keys(callScreens).find((pattern) => matchPath(pattern, pathname) !== null);
  if (path === undefined) return;
  void callScreens[path]
    ?.preload()
    // In a task of its own, before the rows are drawn.
    .then(nextTask)
    .then(() => prepareCallDates(i18n.resolvedLanguage ?? 'en'))
    .catch(() => {
      // Rendering the screen loads it again and shows its own failure.
    });
  if (path === '/viewcalllogs')
    void loadCallListPrefetch().then(({ prefetchCallList }) => prefetchCallList('dashboard'));
}
