import type { Paddle } from '@paddle/paddle-js';

let loading: Promise<Paddle> | undefined;

/**
 * Paddle.js from Paddle's CDN, initialised once per page with the client token of the server's public
 * configuration. A failed load is forgotten so that the next click tries again.
 */
export function loadPaddle(environment: 'sandbox' | 'production', token: string): Promise<Paddle> {
  loading ??= import('@paddle/paddle-js')
    .then(({ initializePaddle }) => initializePaddle({ environment, token }))
    .then((paddle) => {
      if (!paddle) throw new Error('Paddle.js is not available');
      return paddle;
    })
    .catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
  return loading;
}
