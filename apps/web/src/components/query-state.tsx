import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../lib/api-errors';
import { translateText } from '../lib/i18n';
import { PageLoader } from './page-loader';
import { RetryAlert } from './retry-alert';

/** What the query-state components read of a query (a TanStack Query result). */
export type QueryLike<T> = {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  isFetching: boolean;
  refetch: () => unknown;
};

type QueryStateProps<T> = {
  query: QueryLike<T>;
  /** Shown until the first answer: the page's loader unless the place needs another (a skeleton). */
  loading?: ReactNode;
  /** What a failure says, already translated; the API's own message otherwise. */
  errorMessage?: string;
  /** What the answer shows. */
  children: (data: T) => ReactNode;
};

/**
 * A query's three states in one place: the loader until the first answer, the failure with a Retry button, then
 * what the answer shows. Every screen and card that reads the API shows its loading and failure this way.
 */
export function QueryState<T>({ query, loading = <PageLoader />, errorMessage, children }: QueryStateProps<T>) {
  if (query.isError) return <QueryError query={query} message={errorMessage} />;
  if (query.isPending) return <>{loading}</>;
  return <>{children(query.data as T)}</>;
}

/**
 * A query's failure with a Retry button, for places that show something else (the figures' placeholders, the
 * previous page) while the query loads.
 */
export function QueryError({
  query,
  message,
}: {
  query: Pick<QueryLike<unknown>, 'error' | 'isFetching' | 'refetch'>;
  message?: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <RetryAlert
      message={message ?? translateText(t, errorText(query.error))}
      onRetry={() => void query.refetch()}
      retrying={query.isFetching}
    />
  );
}
