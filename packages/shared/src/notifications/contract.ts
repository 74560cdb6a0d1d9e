import { z } from 'zod';
import { defineContract } from '../core/contract';
import { idParamSchema } from '../core/fields';
import {
  listDocument,
  metaDocument,
  pageMetaSchema,
  resourceObject,
  resourceRequest,
  singleDocument,
} from '../core/jsonapi';
import { pagedQuery } from '../core/paged-query';
import { NOTIFICATION_KINDS } from './values';

export const notificationAttributesSchema = z.object({
  kind: z.enum(NOTIFICATION_KINDS),
  /** The call it is about. */
  call_id: z.number().int(),
  /** The number of the call's caller. */
  caller_number: z.string(),
  /** Who assigned the call or wrote the note; null when that user is gone, and for a reply (its caller answered). */
  actor_name: z.string().nullable(),
  created_at: z.string(),
  read: z.boolean(),
  read_at: z.string().nullable(),
});
export type NotificationAttributes = z.infer<typeof notificationAttributesSchema>;
export const notificationResourceSchema = resourceObject('notifications', notificationAttributesSchema);
export type NotificationResource = z.infer<typeof notificationResourceSchema>;

export const notificationListMetaSchema = pageMetaSchema.extend({
  /** How many of the user's notifications are unread (all of them, not only this page's). */
  unread: z.number().int(),
});

export const notificationQuerySchema = pagedQuery();

export const updateNotificationSchema = z.object({ read: z.boolean() });

const tags = ['Notifications'] as const;
const own = ['calls.view'] as const;

export const notificationContracts = {
  listNotifications: defineContract({
    operationId: 'listNotifications',
    method: 'GET',
    path: '/notifications',
    summary: 'The signed-in user’s own notifications, newest first, paged; meta.unread counts the unread ones',
    tags,
    auth: 'user',
    operations: own,
    query: notificationQuerySchema,
    responses: { 200: listDocument(notificationResourceSchema, notificationListMetaSchema) },
    errors: [],
  }),
  updateNotification: defineContract({
    operationId: 'updateNotification',
    method: 'PATCH',
    path: '/notifications/:id',
    summary: 'Mark one of the user’s notifications read (read: true) or unread again (read: false)',
    tags,
    auth: 'user',
    operations: own,
    params: idParamSchema,
    resource: { type: 'notifications', id: 'path' },
    body: resourceRequest('notifications', updateNotificationSchema),
    responses: { 200: singleDocument(notificationResourceSchema) },
    errors: [],
  }),
  markAllNotificationsRead: defineContract({
    operationId: 'markAllNotificationsRead',
    method: 'POST',
    path: '/notifications/read-all',
    summary: 'Mark every notification of the user read; meta.updated says how many changed',
    tags,
    auth: 'user',
    operations: own,
    responses: { 200: metaDocument(z.object({ updated: z.number().int(), unread: z.number().int() })) },
    errors: [],
  }),
};
