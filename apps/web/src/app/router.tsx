import { lazy, Suspense, type ComponentType } from 'react';
import {
  loadConfirmEmailPage,
  loadForgotPasswordPage,
  loadRegisterPage,
  loadResetPasswordPage,
  loadVerifyEmailPage,
} from '../features/auth/screens';
import { loadDashboardPage } from '../features/dashboard/screens';
import { loadInsightsPage, loadInsightsSummary } from '../features/insights';
import { lazyNamed } from './lazy-named';
import { Navigate, Route, Routes } from 'react-router';
import { can } from '@phonebot/shared';
import { PageLoader } from '../components/page-loader';
import { RequireAuth } from './require-auth';
import { LoginRoute } from './routes/login-route';
import { PROTECTED_ROUTES, type ProtectedRoute } from './route-table';
import { adminScreens } from './screens/admin';
import { callScreens } from './screens/calls';
import { phonebotScreens } from './screens/phonebots';
import { usersScreens } from './screens/users';

const RegisterPage = lazyNamed(loadRegisterPage, 'RegisterPage');
const ForgotPasswordPage = lazyNamed(loadForgotPasswordPage, 'ForgotPasswordPage');
const ResetPasswordPage = lazyNamed(loadResetPasswordPage, 'ResetPasswordPage');
const VerifyEmailPage = lazyNamed(loadVerifyEmailPage, 'VerifyEmailPage');
const ConfirmEmailPage = lazyNamed(loadConfirmEmailPage, 'ConfirmEmailPage');
const AppLayout = lazyNamed(() => import('./layout/app-layout'), 'AppLayout');
// The signed-out screens' frame and the unknown address are loaded when they are shown: a signed-in start (most
// starts) sets up neither (docs/performance.md).
const AuthLayout = lazyNamed(() => import('./layout/auth-layout'), 'AuthLayout');
const NotFoundPage = lazyNamed(() => import('../components/not-found-page'), 'NotFoundPage');
const HomeRedirect = lazyNamed(() => import('./routes/home-redirect'), 'HomeRedirect');
const InsightsPage = lazyNamed(loadInsightsPage, 'InsightsPage');
const ComingSoonRoute = lazyNamed(() => import('./routes/coming-soon-route'), 'ComingSoonRoute');
const DashboardPage = lazy(async () => {
  const [{ DashboardPage: Page }, { useRole }, { InsightsSummary }] = await Promise.all([
    loadDashboardPage(),
    import('../features/auth'),
    loadInsightsSummary(),
  ]);
  // Company admins get the first steps; whether they may invite colleagues themselves depends on the role.
  function Dashboard() {
    const role = useRole();
    const checklist = can(role.data, 'company.edit') ? { canInvite: can(role.data, 'users.manage') } : undefined;
    // Company roles see the summary of their calls beside the two counts.
    const summary = can(role.data, 'insights.view') ? <InsightsSummary /> : undefined;
    return <Page checklist={checklist} summary={summary} />;
  }
  return { default: Dashboard };
});

/** The screens built so far; every other protected route shows the "coming soon" page. */
const SCREENS: Record<string, ComponentType> = {
  '/dashboard': DashboardPage,
  '/insights': InsightsPage,
  ...usersScreens,
  ...phonebotScreens,
  ...callScreens,
  ...adminScreens,
};

/** Open routes left from the design template, sent to the nearest real screen (docs/product.md §2.5). */
const TEMPLATE_REDIRECTS: Record<string, string> = {
  '/sign-in': '/login',
  '/sign-up': '/signup',
  '/user-profile': '/myprofile',
  '/profile': '/myprofile',
  '/users': '/users1',
  '/tables': '/dashboard',
  '/billing': '/dashboard',
  '/rtl-page': '/dashboard',
  '/notifications': '/dashboard',
};

function screenFor(route: ProtectedRoute) {
  const Screen = SCREENS[route.path];
  return Screen ? <Screen /> : <ComingSoonRoute route={route} />;
}

/**
 * The route table of docs/product.md §2. Declarative routes: the app loads no data in loaders, and the data router would add
 * about 16 KB (gzip) to every screen's first load.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/login" element={<LoginRoute />} />
      <Route
        element={
          <Suspense fallback={<PageLoader />}>
            <AuthLayout />
          </Suspense>
        }
      >
        <Route path="/signup" element={<RegisterPage />} />
        <Route path="/password-forgot" element={<ForgotPasswordPage />} />
        <Route path="/password-reset" element={<ResetPasswordPage />} />
        <Route path="/verify-email" element={<VerifyEmailPage />} />
        <Route path="/confirm-email" element={<ConfirmEmailPage />} />
      </Route>
      <Route
        element={
          <RequireAuth>
            <Suspense fallback={<PageLoader />}>
              <AppLayout />
            </Suspense>
          </RequireAuth>
        }
      >
        <Route path="/" element={<HomeRedirect />} />
        {PROTECTED_ROUTES.map((route) => (
          <Route key={route.path} path={route.path} element={screenFor(route)} />
        ))}
      </Route>
      {Object.entries(TEMPLATE_REDIRECTS).map(([path, to]) => (
        <Route key={path} path={path} element={<Navigate to={to} replace />} />
      ))}
      <Route
        path="*"
        element={
          <Suspense fallback={<PageLoader />}>
            <NotFoundPage />
          </Suspense>
        }
      />
    </Routes>
  );
}
