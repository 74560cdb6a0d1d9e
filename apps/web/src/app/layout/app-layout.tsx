import { Suspense, useDeferredValue } from 'react';
import { ActionIcon, AppShell, Burger } from '@mantine/core';
import { useDisclosure, useLocalStorage, useMediaQuery } from '@mantine/hooks';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SIDEBAR_PIN_WIDTH, can, homePath } from '@phonebot/shared';
import { useArmedArea } from '../../components/armed-area';
import { OfflineBanner } from '../../components/offline-banner';
import { PageLoader } from '../../components/page-loader';
import { QueryState } from '../../components/query-state';
import { ReauthDialog, useRole } from '../../features/auth';
import { loadCallsLiveUpdates } from '../../features/calls';
import { queryClient } from '../../lib/query-client';
import { usePageTitle } from '../../lib/use-page-title';
import { lazyNamed } from '../lazy-named';
import { mayOpen, protectedRouteOf } from '../route-table';
import { AccountMenu } from './account-menu';
import { OperatorFooter } from './operator-footer';
import { Sidebar } from './sidebar';
import { TopNavbar } from './top-navbar';
import './phone-targets.css';

const CallsLiveUpdates = lazyNamed(loadCallsLiveUpdates, 'CallsLiveUpdates');

/** docs/product.md §3.1 pins the sidebar when the window is wider than 1200 px. */
const PINNED_QUERY = `(min-width: ${SIDEBAR_PIN_WIDTH + 1}px)`;
/** Whether the user folded the pinned sidebar away, remembered in this browser. */
const SIDEBAR_STORAGE_KEY = 'phonebot_sidebar_collapsed';

/**
 * The signed-in part of the app. The query cache starts here: the sign-in screens only post forms, so TanStack
 * Query stays out of their first load. The step-up question serves every screen's sensitive actions.
 */
export function AppLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <Shell />
      <ReauthDialog />
    </QueryClientProvider>
  );
}

/**
 * Top navbar, sidebar (folded away on a wide window if the user wants), page and the operator's footer, and the
 * role check of the current route.
 */
function Shell() {
  const { t } = useTranslation();
  // The shell reads the role only: the user's profile and the logout are read where they are shown, so an answer
  // that changes them re-renders those parts, not the whole shell.
  const role = useRole();
  const { armed: headerArmed, ref: headerRef, handlers: armHeader } = useArmedArea<HTMLElement>();
  const pinned = useMediaQuery(PINNED_QUERY, true, { getInitialValueInEffect: false });
  const [navOpened, nav] = useDisclosure(false);
  const [folded, setFolded] = useLocalStorage({
    key: SIDEBAR_STORAGE_KEY,
    defaultValue: false,
    getInitialValueInEffect: false,
  });
  // Hidden: folded away on a wide window, or not opened on a narrow one. Its links then leave the tab order too.
  const sidebarHidden = pinned ? folded : !navOpened;
  const route = protectedRouteOf(useLocation().pathname);

  usePageTitle(route ? t(route.titleKey) : undefined);
  // The role's answer is a store update, which React renders at once, in one block: the screen that it lets through
  // renders from the deferred copy instead, in slices that leave the main thread free (a phone's CPU spent several
  // hundred ms on a call list's first render in one task).
  const gate = useDeferredValue(role);

  const content = (
    <QueryState query={gate}>
      {(current) =>
        route !== undefined && !mayOpen(current, route) ? (
          <Navigate to={homePath(current)} replace />
        ) : (
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        )
      }
    </QueryState>
  );

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{
        width: 260,
        breakpoint: SIDEBAR_PIN_WIDTH + 1,
        collapsed: { mobile: !navOpened, desktop: folded },
      }}
      padding="lg"
    >
      {/* The sidebar covers the page on narrow windows at the shell's z-index + 1; the header (and its account
          menu) stays above it. */}
      <AppShell.Header zIndex={102} ref={headerRef} {...armHeader}>
        <TopNavbar
          armed={headerArmed}
          burger={
            pinned ? (
              <ActionIcon
                variant="subtle"
                color="gray"
                size="lg"
                onClick={() => setFolded(!folded)}
                aria-label={t(folded ? 'nav.showNavigation' : 'nav.hideNavigation')}
                aria-expanded={!folded}
                aria-controls="app-sidebar"
              >
                {folded ? <IconLayoutSidebarLeftExpand aria-hidden /> : <IconLayoutSidebarLeftCollapse aria-hidden />}
              </ActionIcon>
            ) : (
              <Burger
                opened={navOpened}
                onClick={nav.toggle}
                size="sm"
                aria-label={t('nav.toggleNavigation')}
                aria-expanded={navOpened}
                aria-controls="app-sidebar"
              />
            )
          }
          account={role.isSuccess ? <AccountMenu role={role.data} armed={headerArmed} /> : null}
        />
      </AppShell.Header>
      <AppShell.Navbar id="app-sidebar" aria-label={t('nav.mainNavigation')} inert={sidebarHidden}>
        <Sidebar role={role.data} onNavigate={nav.close} />
      </AppShell.Navbar>
      {role.isSuccess && can(role.data, 'calls.view') && (
        <Suspense fallback={null}>
          <CallsLiveUpdates />
        </Suspense>
      )}
      <AppShell.Main style={{ display: 'flex', flexDirection: 'column' }}>
        <OfflineBanner />
        <div style={{ flex: 1 }}>{content}</div>
        <OperatorFooter />
      </AppShell.Main>
    </AppShell>
  );
}
