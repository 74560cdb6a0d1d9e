import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { isApiError } from '../../../lib/api-client';
import { verifyEmail } from '../api';

/**
 * The page the verification mail links to. It sends the link's values to the API and goes on to the login page,
 * which says whether the address is verified. Sending them from here (not from the link itself) keeps mail
 * scanners that open links from using up the one-time token.
 */
export function VerifyEmailPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    const email = params.get('email') ?? '';
    const token = params.get('token') ?? '';
    verifyEmail({ email, token }).then(
      () => void navigate('/login?verified=1', { replace: true }),
      (error: unknown) => void navigate(isApiError(error, 429) ? '/login' : '/login?verified=0', { replace: true }),
    );
  }, [params, navigate]);

  return <PageLoader />;
}
