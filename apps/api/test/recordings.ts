import type { Readable } from 'node:stream';
import { expect } from 'vitest';
import { type TestApp, createTestApp } from './app';
import { type LoopbackS3, startLoopbackS3 } from './s3';

/** The recordings tests' app on either store, a call of a phonebot, and an upload of its audio. */

export type RecordingStore = 'file' | 's3';

export async function recordingsApp(store: RecordingStore, env: NodeJS.ProcessEnv = {}) {
  const s3: LoopbackS3 | undefined = store === 's3' ? await startLoopbackS3() : undefined;
  const app = await createTestApp({}, { ...(s3 ? { ...s3.env, RECORDINGS_STORAGE: 's3' } : {}), ...env });
  return {
    app,
    /** Every stored recording's key. */
    async keys(): Promise<string[]> {
      const keys: string[] = [];
      for await (const entry of app.recordings.store.list('recordings/')) keys.push(entry.key);
      return keys.sort();
    },
    async stop() {
      await app.stop();
      await s3?.stop();
    },
  };
}

export async function postCall(app: TestApp, botToken: string, number = '+4930111222'): Promise<string> {
  const res = await app.request({
    method: 'POST',
    url: '/api/v2/bot/calls',
    token: botToken,
    headers: { 'idempotency-key': `k-${Math.random()}` },
    body: { caller_number: number, response: [{ text: 'Hello', action: 'UserRecognizedText' }] },
  });
  expect(res.status).toBe(201);
  return res.json.data.id as string;
}

export async function upload(
  app: TestApp,
  botToken: string,
  callId: string,
  bytes: Buffer | Readable,
  type = 'audio/wav',
) {
  const res = await app.app.inject({
    method: 'PUT',
    url: `/api/v2/bot/calls/${callId}/recording`,
    headers: { authorization: `Bearer ${botToken}`, 'content-type': type, accept: 'application/vnd.api+json' },
    payload: bytes,
  });
  return { status: res.statusCode, json: res.body ? JSON.parse(res.body) : undefined };
}
