/** The dashboard module's front door. */
export { registerDashboardRoutes } from './dashboard.routes';
