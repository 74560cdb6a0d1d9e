import { lazy, Suspense, useState, type FormEvent } from 'react';
import type { Role } from '@phonebot/shared';
import type { LoginInput } from '@phonebot/shared/auth';
import {
  PlainAlert,
  PlainButton,
  PlainLink,
  PlainPasswordField,
  PlainTextField,
  type Navigate,
} from '../../../components/plain/plain-ui';
import { isApiError } from '../../../lib/api-client';
import { setToken } from '../../../lib/auth-token';
import { errorText, fieldErrors, type ErrorText } from '../../../lib/api-errors';
import { translateText, useI18n } from '../../../lib/i18n';
import { notifyError } from '../../../lib/notify';
import { usePageTitle } from '../../../lib/use-page-title';
import { fetchRole, login } from '../api';
import { lazyLoginSchema } from '../schemas';
import { firstIssuePerField } from '../../../components/plain/first-issues';
import { type MfaChallenge, loadMfaStep } from '../../two-factor/sign-in';

// Only accounts with a second factor need its step: it loads after the password, not with the login page.
const MfaStep = lazy(async () => ({ default: (await loadMfaStep()).MfaStep }));

type Field = keyof LoginInput;
type Errors = Partial<Record<Field, ErrorText>>;

type LoginPageProps = {
  /** The query string of the address (`?verified=1`, `?returnUrl=...`). */
  search: string;
  navigate: Navigate;
  /** Where to go after login, given the role and the returnUrl query value (the route table lives in app/). */
  resolveLanding: (role: Role, returnUrl: string | null) => string | Promise<string>;
  /** Called when the user starts to fill the form, so what follows the login can load meanwhile. */
  onIntent?: () => void;
};

/**
 * The login page, built without Mantine, TanStack Query or the router so that it is the whole first load of
 * /login (docs/decisions.md). It validates with the shared schema (loaded on first focus), field by field on blur
 * and all fields on submit, like the other forms.
 */
export function LoginPage({ search, navigate, resolveLanding, onIntent }: LoginPageProps) {
  const { t } = useI18n();
  const params = new URLSearchParams(search);
  const verified = params.get('verified');
  const emailChanged = params.get('emailChanged');
  const returnUrl = params.get('returnUrl');
  // Why the last session ended, when the server refused its token (set by the route guard).
  const reason = params.get('reason');
  const [values, setValues] = useState<LoginInput>({ email: '', password: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [submitting, setSubmitting] = useState(false);
  // A refusal that the user must act on (verify the e-mail, wait for activation) stays on screen, unlike a toast.
  const [refusal, setRefusal] = useState<ErrorText | null>(null);
  // After the right password of an account with a second factor (or one it must set up): the second step.
  const [challenge, setChallenge] = useState<MfaChallenge | null>(null);
  usePageTitle(t('auth.loginTitle'));

  /** Checks the fields (all of them, or `only`); answers the schema's output when everything is valid. */
  async function check(only?: Field): Promise<LoginInput | null> {
    let schema;
    try {
      schema = await lazyLoginSchema.load();
    } catch {
      // Without its rules the form cannot be checked or sent; say so instead of ignoring the click.
      notifyError(t('serviceUnavailable'));
      return null;
    }
    const result = schema.safeParse(values);
    const found: Errors = result.success ? {} : firstIssuePerField(result.error.issues);
    setErrors((current) => (only ? { ...current, [only]: found[only] } : found));
    return result.success ? result.data : null;
  }

  const prefetch = () => {
    onIntent?.();
    lazyLoginSchema.load().catch(() => {
      // check() loads it again and reports its own failure.
    });
  };

  const field = (name: Field) => ({
    name,
    value: values[name],
    error: errors[name] === undefined ? undefined : translateText(t, errors[name]),
    onChange: (value: string) => {
      setValues((current) => ({ ...current, [name]: value }));
      setErrors((current) => ({ ...current, [name]: undefined }));
    },
    onBlur: () => void check(name),
    onFocus: prefetch,
  });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    setRefusal(null);
    const input = await check();
    if (!input) return;
    setSubmitting(true);
    try {
      const answer = await login(input);
      if ('mfa_token' in answer) {
        setSubmitting(false);
        setChallenge({ kind: 'mfa_required' in answer ? 'code' : 'enrol', token: answer.mfa_token });
        return;
      }
      setToken(answer.access_token);
    } catch (error) {
      setSubmitting(false);
      const fields = fieldErrors(error);
      setErrors(fields);
      if (isApiError(error, 403)) setRefusal(errorText(error));
      else if (Object.keys(fields).length === 0) notifyError(translateText(t, errorText(error, 'invalidCredentials')));
      return;
    }
    await land();
  }

  async function finishSecondStep(accessToken: string) {
    setToken(accessToken);
    await land();
  }

  async function land() {
    let target = '/';
    try {
      target = await resolveLanding(await fetchRole(), returnUrl);
    } catch {
      // Signed in but the role is unknown: the home route shows a retry notice.
    }
    await navigate(target, { replace: true });
  }

  if (challenge) {
    return (
      <div className="pb-paper">
        <div className="pb-heading">
          <h1 className="pb-title">{t(challenge.kind === 'code' ? 'auth.mfaTitle' : 'auth.mfaEnrolTitle')}</h1>
        </div>
        <Suspense fallback={<span className="pb-spinner" aria-hidden />}>
          <MfaStep challenge={challenge} onSignedIn={finishSecondStep} />
        </Suspense>
      </div>
    );
  }

  return (
    <div className="pb-paper">
      <div className="pb-heading">
        <h1 className="pb-title">{t('auth.loginTitle')}</h1>
        <p className="pb-subtitle">{t('auth.loginSubtitle')}</p>
      </div>
      {verified === '1' && (
        <PlainAlert color="green" role="status">
          {t('emailVerified')}
        </PlainAlert>
      )}
      {verified === '0' && (
        <PlainAlert color="red" role="alert">
          {t('verifyLinkInvalid')}
        </PlainAlert>
      )}
      {reason === 'expired' && refusal === null && (
        <PlainAlert color="orange" role="status">
          {t('auth.sessionExpired')}
        </PlainAlert>
      )}
      {reason === 'disabled' && refusal === null && (
        <PlainAlert color="red" role="alert">
          {t('accountDisabled')}
        </PlainAlert>
      )}
      {emailChanged === '1' && (
        <PlainAlert color="green" role="status">
          {t('emailChanged')}
        </PlainAlert>
      )}
      {emailChanged === '0' && (
        <PlainAlert color="red" role="alert">
          {t('verifyLinkInvalid')}
        </PlainAlert>
      )}
      {refusal !== null && (
        <PlainAlert color="red" role="alert">
          {translateText(t, refusal)}
        </PlainAlert>
      )}
      <form onSubmit={(event) => void submit(event)} noValidate>
        <div className="pb-stack">
          <PlainTextField label={t('auth.email')} type="email" autoComplete="username" {...field('email')} />
          <PlainPasswordField
            label={t('auth.password')}
            autoComplete="current-password"
            toggleLabel={t('common.showHideCharacters')}
            {...field('password')}
          />
          <PlainButton loading={submitting}>{t('auth.login')}</PlainButton>
        </div>
      </form>
      <div className="pb-links">
        <p>
          <span>{t('auth.noAccount')}</span>
          <PlainLink to="/signup" navigate={navigate}>
            {t('auth.signUp')}
          </PlainLink>
        </p>
        <p>
          <span>{t('auth.forgotPassword')}</span>
          <PlainLink to="/password-forgot" navigate={navigate}>
            {t('auth.recoverPassword')}
          </PlainLink>
        </p>
      </div>
    </div>
  );
}
