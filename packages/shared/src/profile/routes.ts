/** The method and path of each operation of contract.ts, typed by it: a client calls them without its schemas. */
import type { dashboardContracts, profileContracts } from './contract';
import { apiRoutes } from '../core/contract';

export const dashboardRoutes = apiRoutes<typeof dashboardContracts>({
  checklist: ['GET', '/dashboard/checklist'],
  dashboard: ['GET', '/dashboard'],
});

export const profileRoutes = apiRoutes<typeof profileContracts>({
  me: ['GET', '/me'],
  updateMe: ['PATCH', '/me'],
  changePassword: ['POST', '/change'],
  companyProfile: ['GET', '/profile'],
  updateCompanyProfile: ['PATCH', '/profile'],
  retentionPreview: ['GET', '/profile/retention-preview'],
  uploadAvatar: ['POST', '/uploads/users/:id/profile-image'],
  removeAvatar: ['DELETE', '/uploads/users/:id/profile-image'],
});
