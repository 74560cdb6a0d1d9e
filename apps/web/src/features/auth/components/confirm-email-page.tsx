import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { isApiError } from '../../../lib/api-client';
import { confirmEmail } from '../api';

/**
 * The page the e-mail change mail links to. It sends the link's token to the API and goes on to the login page,
 * which says whether the new address is confirmed. Sending it from here (not from the link itself) keeps mail
 * scanners that open links from using up the one-time token.
 */
export function ConfirmEmailPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    confirmEmail({ token: params.get('token') ?? '' }).then(
      () => void navigate('/login?emailChanged=1', { replace: true }),
      (error: unknown) => void navigate(isApiError(error, 429) ? '/login' : '/login?emailChanged=0', { replace: true }),
    );
  }, [params, navigate]);

  return <PageLoader />;
}
