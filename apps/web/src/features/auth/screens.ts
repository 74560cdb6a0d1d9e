// The feature's screens for the route table (docs/architecture.md, "Web app"): the pages before the app besides
// the sign-in page, each loaded on its own when its route is opened.

export const loadRegisterPage = () => import('./components/register-page');
export const loadForgotPasswordPage = () => import('./components/forgot-password-page');
export const loadResetPasswordPage = () => import('./components/reset-password-page');
export const loadVerifyEmailPage = () => import('./components/verify-email-page');
export const loadConfirmEmailPage = () => import('./components/confirm-email-page');
