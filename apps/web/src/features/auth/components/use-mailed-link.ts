import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../lib/api-client';

/**
 * A page a mail links to sends the link's values to the API once and goes on to `done` (or `failed`; the login page
 * when rate limited). Sending them from a page (not from the link itself) keeps mail scanners that open links from
 * using up the one-time token.
 */
export function useMailedLink(send: (params: URLSearchParams) => Promise<unknown>, done: string, failed: string) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    send(params).then(
      () => void navigate(done, { replace: true }),
      (error: unknown) => void navigate(isApiError(error, 429) ? '/login' : failed, { replace: true }),
    );
  }, [params, navigate, send, done, failed]);
}
