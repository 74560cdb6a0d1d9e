import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { TOKEN_STORAGE_KEY } from '@phonebot/shared';
import { apiKeyRoutes } from '@phonebot/shared/api-keys';
import { phonebotRoutes } from '@phonebot/shared/phonebots';
import type * as ApiClient from './api-client';
import type * as StepUp from './step-up';

/*
 * The API client in Node: a window with a storage holding the token, and a fetch that answers as the server does
 * for a sensitive action, 401 reauthRequired until the session has stepped up.
 */
const storage = new Map<string, string>();
vi.stubGlobal('window', {
  addEventListener: () => undefined,
  localStorage: {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => void storage.set(key, value),
    removeItem: (key: string) => void storage.delete(key),
  },
});

let steppedUp = false;
const sent: string[] = [];
vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
  sent.push(`${init.method} ${url}`);
  if (!steppedUp) {
    const error = { status: '401', code: 'reauthRequired', title: 'Confirm it is you', detail: 'Confirm it is you' };
    return new Response(JSON.stringify({ errors: [error] }), { status: 401 });
  }
  return new Response(JSON.stringify({ data: { type: 'api-keys', id: '7', attributes: { name: 'CRM' } } }), {
    status: 201,
  });
});

// Imported once the globals above are in place: the token store reads the window when it loads.
let client: typeof ApiClient;
let stepUp: typeof StepUp;
beforeAll(async () => {
  client = await import('./api-client');
  stepUp = await import('./step-up');
});

const createKey = () =>
  client.callApi(apiKeyRoutes.createApiKey, {
    body: { data: { type: 'api-keys', attributes: { name: 'CRM', scopes: ['calls:read'] } } },
  });

/** A prompt the test answers by hand, counting how often it was asked. */
function registerPrompt() {
  const asked: ((confirmed: boolean) => void)[] = [];
  const unregister = stepUp.setStepUpPrompt(
    () =>
      new Promise<boolean>((resolve) => {
        asked.push(resolve);
      }),
  );
  return { asked, unregister };
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  steppedUp = false;
  sent.length = 0;
  storage.clear();
});

describe('a sensitive action without a recent step-up', () => {
  it('asks once, steps up and answers the retried request, keeping the session', async () => {
    storage.set(TOKEN_STORAGE_KEY, 'token');
    const { asked, unregister } = registerPrompt();
    const answer = createKey();
    await settled();
    expect(asked).toHaveLength(1);
    expect(storage.get(TOKEN_STORAGE_KEY)).toBe('token');
    steppedUp = true;
    asked[0]!(true);
    expect((await answer).data.id).toBe('7');
    expect(sent).toEqual(['POST /api/v2/api-keys', 'POST /api/v2/api-keys']);
    unregister();
  });

  it('rejects with the refusal when the user cancels, and keeps the session', async () => {
    storage.set(TOKEN_STORAGE_KEY, 'token');
    const { asked, unregister } = registerPrompt();
    const answer = createKey();
    await settled();
    asked[0]!(false);
    const failure = await answer.catch((error: unknown) => error);
    expect(client.isApiError(failure, 401) && failure.code).toBe('reauthRequired');
    expect(sent).toHaveLength(1);
    expect(storage.get(TOKEN_STORAGE_KEY)).toBe('token');
    unregister();
  });

  it('shares one question between refusals that arrive together, and retries each', async () => {
    storage.set(TOKEN_STORAGE_KEY, 'token');
    const { asked, unregister } = registerPrompt();
    const first = createKey();
    const second = client.callApi(phonebotRoutes.regenerateBotToken, { params: { id: 'LK1' } });
    await settled();
    expect(asked).toHaveLength(1);
    steppedUp = true;
    asked[0]!(true);
    await Promise.all([first, second]);
    expect(sent.filter((line) => line.startsWith('POST /api/v2/api-keys'))).toHaveLength(2);
    expect(sent.filter((line) => line.includes('LK1'))).toHaveLength(2);
    unregister();
  });

  it('does not ask again for a request refused before a step-up that has since succeeded', async () => {
    storage.set(TOKEN_STORAGE_KEY, 'token');
    const { asked, unregister } = registerPrompt();
    const mark = stepUp.stepUpMark();
    const first = stepUp.confirmStepUp(mark);
    asked[0]!(true);
    expect(await first).toBe(true);
    expect(await stepUp.confirmStepUp(mark)).toBe(true);
    expect(asked).toHaveLength(1);
    unregister();
  });

  it('answers the refusal when no dialog is there to ask', async () => {
    storage.set(TOKEN_STORAGE_KEY, 'token');
    const failure = await createKey().catch((error: unknown) => error);
    expect(client.isApiError(failure, 401) && failure.code).toBe('reauthRequired');
    expect(sent).toHaveLength(1);
  });
});
