/*
 * The notifications' values that need no schema: contract.ts builds its schemas on them, and the web app's bell
 * imports them from here (through index.ts), so the signed-in shell loads no schema library for them.
 */

/**
 * Why a user is notified: a call was assigned to them, a note named them (`@name`), or the caller of a call they own
 * answered by SMS (`reply`: the assignee, else whoever sent the SMS; no one acted, so it has no actor).
 */
export const NOTIFICATION_KINDS = ['assigned', 'mentioned', 'reply'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** A notification is mailed when it is still unread this long after it was made. */
export const NOTIFICATION_MAIL_AFTER_MINUTES = 15;

/** The live event a user's stream carries for each new notification of theirs (and no one else's). */
export const NOTIFICATION_EVENT = 'notification.created';
