export type { Language, Role, UserStatus } from './core/constants';
export {
  ACCESS_TOKEN_IDLE_DAYS,
  API_BASE,
  CALLS_HISTORY_POLL_MS,
  CALLS_POLL_MS,
  DEFAULT_PAGE_SIZE,
  EMAIL_CHANGE_TOKEN_TTL_HOURS,
  EMAIL_MAX_LENGTH,
  INVITE_TOKEN_TTL_HOURS,
  JSONAPI_MEDIA_TYPE,
  LANGUAGES,
  MAX_PAGE_SIZE,
  NAME_MAX_LENGTH,
  PAGE_SIZES_MAIN,
  PAGE_SIZES_SMALL,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  RESET_TOKEN_TTL_MINUTES,
  ROLES,
  SIDEBAR_PIN_WIDTH,
  TOAST_LONG_MS,
  TOAST_MS,
  TOKEN_STORAGE_KEY,
  USER_STATUSES,
  VERIFY_TOKEN_TTL_HOURS,
} from './core/constants';
export type { MessageKey } from './core/messages';
export { isMessageKey, messageText, messages } from './core/messages';
export type { MenuItem, Operation } from './core/permissions';
export { MENU, OPERATIONS, can, homePath, menuFor, permissionsOf } from './core/permissions';
export type {
  AnswerSpec,
  ApiRoute,
  ApiRoutes,
  Contract,
  ContractAnswer,
  ContractAuth,
  ContractBody,
  ContractParams,
  ContractQuery,
  ContractRequest,
  ContractResult,
  HttpMethod,
  NonJsonAnswer,
} from './core/contract';
export { apiRoutes, contractPath, contractQueryString, defineContract } from './core/contract';
export type { JsonApiErrorDocument, JsonApiErrorObject, PageLinks, PageMeta } from './core/jsonapi';
export {
  errorDocumentSchema,
  listDocument,
  metaDocument,
  pageLinksSchema,
  pageMetaSchema,
  resourceIdentifierRequest,
  resourceObject,
  resourceRequest,
  singleDocument,
  singleDocumentWithMeta,
} from './core/jsonapi';
export type { ListQuery } from './core/list-query';
export { isIsoDay, parseListQuery } from './core/list-query';
export type { PagedQuery } from './core/paged-query';
export { isoDaySchema, pagedQuery } from './core/paged-query';
export {
  emailSchema,
  givenPasswordSchema,
  idParamSchema,
  idSchema,
  newPasswordSchema,
  optionalText,
  requiredText,
} from './core/fields';
