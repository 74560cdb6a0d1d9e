export { twoFactorContracts } from './contract';
export { twoFactorRoutes } from './routes';
export type {
  ConfirmTotpInput,
  DisableTotpInput,
  LoginTwoFactorEnrolConfirmInput,
  LoginTwoFactorEnrolInput,
  LoginTwoFactorInput,
  ReauthInput,
  SecuritySettings,
  TotpEnrolment,
  TwoFactorStatus,
} from './schema';
export {
  RECOVERY_CODE_COUNT,
  confirmTotpSchema,
  disableTotpSchema,
  loginTwoFactorEnrolConfirmSchema,
  loginTwoFactorEnrolSchema,
  loginTwoFactorSchema,
  reauthSchema,
  recoveryCodeSchema,
  recoveryCodesSchema,
  securitySettingsSchema,
  totpCodeSchema,
  totpEnrolmentSchema,
  twoFactorStatusSchema,
} from './schema';
