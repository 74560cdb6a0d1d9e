/** Option lists, limits, page sizes and intervals of the product (docs/product.md §5 and §9). */

export const ROLES = ['super', 'admin', 'adminuser', 'user', 'guest'] as const;
export type Role = (typeof ROLES)[number];

export const USER_STATUSES = ['Active', 'Inactive'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** The languages of the product's screens and mails; a user's mails follow the language they chose. */
export const LANGUAGES = ['en', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];

/** localStorage key of the access token (docs/product.md §9). */
export const TOKEN_STORAGE_KEY = 'user_free';

export const PASSWORD_MIN_LENGTH = 8;
/** Longer inputs are refused before hashing so a huge body cannot burn CPU. */
export const PASSWORD_MAX_LENGTH = 200;
export const NAME_MAX_LENGTH = 200;
export const EMAIL_MAX_LENGTH = 254;

/** Sidebar pinned above this window width (px). */
export const SIDEBAR_PIN_WIDTH = 1200;

export const TOAST_MS = 2000;
export const TOAST_LONG_MS = 160000;

export const CALLS_POLL_MS = 5000;
export const CALLS_HISTORY_POLL_MS = 10000;

export const PAGE_SIZES_MAIN = [20, 50, 100, 'all'] as const;
export const PAGE_SIZES_SMALL = [5, 10, 20, 50, 'all'] as const;
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

export const RESET_TOKEN_TTL_MINUTES = 60;
export const VERIFY_TOKEN_TTL_HOURS = 48;
export const INVITE_TOKEN_TTL_HOURS = 72;
export const EMAIL_CHANGE_TOKEN_TTL_HOURS = 24;
export const ACCESS_TOKEN_IDLE_DAYS = 30;

export const API_BASE = '/api/v2';
export const JSONAPI_MEDIA_TYPE = 'application/vnd.api+json';
