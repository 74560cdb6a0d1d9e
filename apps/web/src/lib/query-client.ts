import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client';
import { subscribeToken } from './auth-token';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // A 4xx answer will not change on retry; network errors and 5xx may.
      retry: (failureCount, error) => {
        if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
        return failureCount < 2;
      },
    },
    mutations: { retry: false },
  },
});

// Cached answers belong to the account that fetched them; a new or removed token must not see them.
subscribeToken(() => queryClient.clear());
