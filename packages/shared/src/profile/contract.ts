import { z } from 'zod';
import { defineContract } from '../core/contract';
import { metaDocument, resourceObject, resourceRequest, singleDocument } from '../core/jsonapi';
import { idParamSchema } from '../core/fields';
import { RETENTION_DAYS_LIMIT, companyProfileAttributesSchema, companyProfileSchema } from './schema';
import { changePasswordSchema, checklistSchema, updateMeSchema } from '../users/schema';
import { userDocumentSchema } from '../users/contract';

export const companyProfileResourceSchema = resourceObject('profile', companyProfileAttributesSchema);
export const companyProfileDocumentSchema = singleDocument(companyProfileResourceSchema);

const tags = ['Profile', 'Compatibility'] as const;

/** The home dashboard's counts: users as the Users screen lists them, and phonebots. */
export const dashboardCountsSchema = z.object({ user_count: z.number().int(), phonebot_count: z.number().int() });
export type DashboardCounts = z.infer<typeof dashboardCountsSchema>;
const own = ['profile.own'] as const;
const company = ['company.edit'] as const;

export const profileContracts = {
  me: defineContract({
    operationId: 'getMe',
    method: 'GET',
    path: '/me',
    summary:
      'The signed-in user, with their own phone (click-to-call rings it first); meta.click_to_call says whether calls can be placed through the portal (Twilio is set up)',
    tags,
    auth: 'user',
    responses: { 200: userDocumentSchema.extend({ meta: z.object({ click_to_call: z.boolean() }).optional() }) },
    errors: [],
  }),
  updateMe: defineContract({
    operationId: 'updateMe',
    method: 'PATCH',
    path: '/me',
    summary:
      'Change the signed-in user’s name, own phone (E.164, or null), or language (en, de: their mails follow it), or ask to change the e-mail (needs current_password; takes effect from a mailed link, meta.pending_email names it); guests may change only their language. The body is a `users` resource, as GET /me answers it (`profile`, the original clients’ type, is taken too)',
    tags,
    auth: 'user',
    operations: ['profile.own', 'profile.language'],
    // The signed-in user is a `users` resource, as GET /me answers it; the original clients send `profile`.
    resource: { type: 'users', id: 'singleton', alsoTypes: ['profile'] },
    body: resourceRequest('users', updateMeSchema, ['profile']),
    responses: {
      200: userDocumentSchema.extend({ meta: z.object({ pending_email: z.string() }).optional() }),
    },
    errors: [409, 429],
  }),
  changePassword: defineContract({
    operationId: 'changePassword',
    method: 'POST',
    path: '/change',
    summary: 'Change the signed-in user’s password (cpsd, npsd, npsd_confirmation); ends their other sessions',
    tags,
    auth: 'user',
    operations: own,
    body: changePasswordSchema,
    responses: { 200: metaDocument(z.object({ status: z.string() })) },
    errors: [429],
  }),
  companyProfile: defineContract({
    operationId: 'getCompanyProfile',
    method: 'GET',
    path: '/profile',
    summary: 'The company profile of the caller’s customer (admin, adminuser)',
    tags,
    auth: 'user',
    operations: company,
    responses: { 200: companyProfileDocumentSchema },
    errors: [],
  }),
  updateCompanyProfile: defineContract({
    operationId: 'updateCompanyProfile',
    method: 'PATCH',
    path: '/profile',
    summary: 'Change the company profile (type profile; admin, adminuser)',
    tags,
    auth: 'user',
    operations: company,
    resource: { type: 'profile', id: 'singleton' },
    body: resourceRequest('profile', companyProfileSchema.partial()),
    responses: { 200: companyProfileDocumentSchema },
    errors: [],
  }),
  retentionPreview: defineContract({
    operationId: 'getRetentionPreview',
    method: 'GET',
    path: '/profile/retention-preview',
    summary:
      'How many of the company’s calls the next nightly retention run would delete with retention_days (whole days; left out: none of its own), within the service’s own retention (admin, adminuser)',
    tags,
    auth: 'user',
    operations: company,
    query: z.object({
      retention_days: z.coerce.number().int().min(1).max(RETENTION_DAYS_LIMIT).optional(),
    }),
    responses: {
      200: metaDocument(z.object({ retention_days: z.number().int().nullable(), calls: z.number().int() })),
    },
    errors: [],
  }),
  uploadAvatar: defineContract({
    operationId: 'uploadAvatar',
    method: 'POST',
    path: '/uploads/users/:id/profile-image',
    summary: 'Upload the signed-in user’s avatar: multipart field `attachment`, PNG, JPEG, WebP or GIF, at most 5 MB',
    tags,
    auth: 'user',
    operations: own,
    params: idParamSchema,
    upload: {
      field: 'attachment',
      contentTypes: ['image/png', 'image/jpeg', 'image/webp', 'image/gif'],
      description: 'The picture: PNG, JPEG, WebP or GIF (told by its content, which must decode), at most 5 MB.',
    },
    responses: { 200: metaDocument(z.object({ url: z.string().nullable() })) },
    errors: [422],
  }),
  removeAvatar: defineContract({
    operationId: 'removeAvatar',
    method: 'DELETE',
    path: '/uploads/users/:id/profile-image',
    summary: 'Remove the signed-in user’s avatar',
    tags,
    auth: 'user',
    operations: own,
    params: idParamSchema,
    responses: { 204: null },
    errors: [],
  }),
};

export const dashboardContracts = {
  checklist: defineContract({
    operationId: 'getChecklist',
    method: 'GET',
    path: '/dashboard/checklist',
    summary:
      'A new company’s first steps (phonebot, runtime, call, colleague, billing), each done when the company’s data shows it (admin, adminuser)',
    tags: ['Dashboard'],
    auth: 'user',
    operations: ['company.edit'],
    responses: { 200: metaDocument(checklistSchema) },
    errors: [],
  }),
  dashboard: defineContract({
    operationId: 'getDashboard',
    method: 'GET',
    path: '/dashboard',
    summary: 'Counts of users and phonebots of the caller’s customer (all of them for the super)',
    tags: ['Dashboard', 'Compatibility'],
    auth: 'user',
    operations: ['dashboard.view'],
    responses: {
      200: metaDocument(dashboardCountsSchema),
    },
    errors: [],
  }),
};
