export type { UserResource } from './contract';
export {
  createUserAttributesSchema,
  userContracts,
  userDocumentSchema,
  userListDocumentSchema,
  userResourceSchema,
} from './contract';
export { userRoutes } from './routes';
export type {
  AddUserInput,
  ChangePasswordInput,
  Checklist,
  ChecklistStep,
  CompanyRole,
  OwnProfileInput,
  UpdateMeInput,
  UpdateUserInput,
  UserAttributes,
} from './schema';
export {
  CHECKLIST_STEPS,
  COMPANY_ROLES,
  addUserSchema,
  changePasswordSchema,
  checklistSchema,
  ownPhoneSchema,
  ownProfileSchema,
  updateMeSchema,
  updateUserSchema,
  userAttributesSchema,
} from './schema';
