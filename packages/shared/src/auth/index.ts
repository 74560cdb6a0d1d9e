export type { AccessToken, LoginAnswer } from './contract';
export { accessTokenSchema, authContracts, loginAnswerSchema } from './contract';
export { authRoutes } from './routes';
export type {
  ConfirmEmailInput,
  ForgotInput,
  LoginInput,
  PasswordLinkInput,
  RegisterForm,
  RegisterInput,
  ResetForm,
  ResetInput,
  VerifyEmailInput,
} from './schema';
export {
  PASSWORD_LINK_KINDS,
  confirmEmailSchema,
  forgotSchema,
  loginSchema,
  passwordLinkSchema,
  registerFormSchema,
  registerSchema,
  resetFormSchema,
  resetSchema,
  verifyEmailSchema,
} from './schema';
