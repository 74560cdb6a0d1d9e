import { useEffect, useState, type FormEvent } from 'react';
import { PlainAlert, PlainButton, PlainTextButton, PlainTextField } from '../../../components/plain/plain-ui';
import { OneTimeCodes, QrCode } from './qr-code';
import { isApiError } from '../../../lib/api-client';
import { errorText, type ErrorText } from '../../../lib/api-errors';
import { translateText, useI18n } from '../../../lib/i18n';
import { notifyError } from '../../../lib/notify';
import { loginMfa, loginMfaEnrol, loginMfaEnrolConfirm } from '../sign-in-api';

export type MfaChallenge = { kind: 'code' | 'enrol'; token: string };

type StepProps = {
  challenge: MfaChallenge;
  /** The sign-in is complete: keep the access token and go on. */
  onSignedIn: (accessToken: string) => Promise<void>;
};

const SIX_DIGITS = /^\d{6}$/;
const RECOVERY = /^[a-z2-7]{16}$/;

/** Shows an answer's refusal: a wrong code beside the field, anything else (too many tries) as a notice. */
function useRefusal() {
  const { t } = useI18n();
  const [error, setError] = useState<ErrorText | null>(null);
  const refuse = (caught: unknown) => {
    if (isApiError(caught, 401) || isApiError(caught, 422) || isApiError(caught, 403)) setError(errorText(caught));
    else notifyError(translateText(t, errorText(caught)));
  };
  return { error, setError, refuse, shown: error === null ? undefined : translateText(t, error) };
}

/** The second step after the password: a code of the authenticator app, or one of the recovery codes. */
function CodeStep({ challenge, onSignedIn }: StepProps) {
  const { t } = useI18n();
  const [recovery, setRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const { refuse, setError, shown } = useRefusal();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const clean = recovery ? value.replace(/[\s-]+/g, '').toLowerCase() : value.replace(/\s+/g, '');
    if (!(recovery ? RECOVERY : SIX_DIGITS).test(clean)) {
      setError('mfaCodeInvalid');
      return;
    }
    setSubmitting(true);
    try {
      const answer = await loginMfa({
        mfa_token: challenge.token,
        ...(recovery ? { recovery_code: clean } : { code: clean }),
      });
      await onSignedIn(answer.access_token);
    } catch (caught) {
      setSubmitting(false);
      refuse(caught);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <div className="pb-stack">
        <p className="pb-subtitle">{t(recovery ? 'auth.mfaRecoverySubtitle' : 'auth.mfaSubtitle')}</p>
        <PlainTextField
          key={recovery ? 'recovery' : 'code'}
          label={t(recovery ? 'auth.mfaRecoveryCode' : 'auth.mfaCode')}
          type="text"
          name={recovery ? 'recovery_code' : 'code'}
          inputMode={recovery ? 'text' : 'numeric'}
          autoComplete="one-time-code"
          value={value}
          error={shown}
          onChange={(next) => {
            setValue(next);
            setError(null);
          }}
          onBlur={() => undefined}
          onFocus={() => undefined}
        />
        <PlainButton loading={submitting}>{t('auth.mfaVerify')}</PlainButton>
        <PlainTextButton
          onClick={() => {
            setRecovery(!recovery);
            setValue('');
            setError(null);
          }}
        >
          {t(recovery ? 'auth.mfaUseApp' : 'auth.mfaUseRecovery')}
        </PlainTextButton>
      </div>
    </form>
  );
}

/** Setting up the second factor that the company requires: QR code, first code, then the recovery codes once. */
function EnrolStep({ challenge, onSignedIn }: StepProps) {
  const { t } = useI18n();
  const [enrolment, setEnrolment] = useState<{ secret: string; otpauth_uri: string } | null>(null);
  const [loadError, setLoadError] = useState<ErrorText | null>(null);
  const [value, setValue] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState<{ accessToken: string; codes: string[] } | null>(null);
  const { refuse, setError, shown } = useRefusal();

  useEffect(() => {
    let live = true;
    loginMfaEnrol(challenge.token).then(
      (answer) => live && setEnrolment(answer),
      (caught: unknown) => live && setLoadError(errorText(caught)),
    );
    return () => {
      live = false;
    };
  }, [challenge.token]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const clean = value.replace(/\s+/g, '');
    if (!SIX_DIGITS.test(clean)) {
      setError('mfaCodeInvalid');
      return;
    }
    setSubmitting(true);
    try {
      const answer = await loginMfaEnrolConfirm({ mfa_token: challenge.token, code: clean });
      setDone({ accessToken: answer.access_token, codes: answer.recovery_codes });
    } catch (caught) {
      refuse(caught);
    }
    setSubmitting(false);
  }

  if (loadError) {
    return (
      <PlainAlert color="red" role="alert">
        {translateText(t, loadError)}
      </PlainAlert>
    );
  }
  if (done) {
    return (
      <div className="pb-stack">
        <h2 className="pb-title">{t('auth.mfaRecoveryTitle')}</h2>
        <p className="pb-subtitle">{t('auth.mfaRecoveryNote')}</p>
        <OneTimeCodes
          codes={done.codes}
          fileName="phonebot-portal-recovery-codes.txt"
          labels={{ copy: t('auth.mfaCopy'), copied: t('auth.mfaCopied'), download: t('auth.mfaDownload') }}
        />
        <button type="button" className="pb-button" onClick={() => void onSignedIn(done.accessToken)}>
          <span className="pb-button-label">{t('auth.mfaContinue')}</span>
        </button>
      </div>
    );
  }
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <div className="pb-stack">
        <p className="pb-subtitle">{t('auth.mfaEnrolSubtitle')}</p>
        {enrolment && (
          <>
            <QrCode value={enrolment.otpauth_uri} alt={t('auth.mfaQrAlt')} />
            <p>
              {t('auth.mfaSecretLabel')}: <span className="pb-secret">{enrolment.secret}</span>
            </p>
          </>
        )}
        <PlainTextField
          label={t('auth.mfaCode')}
          type="text"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          value={value}
          error={shown}
          onChange={(next) => {
            setValue(next);
            setError(null);
          }}
          onBlur={() => undefined}
          onFocus={() => undefined}
        />
        <PlainButton loading={submitting}>{t('auth.mfaVerify')}</PlainButton>
      </div>
    </form>
  );
}

export function MfaStep(props: StepProps) {
  return props.challenge.kind === 'code' ? <CodeStep {...props} /> : <EnrolStep {...props} />;
}
