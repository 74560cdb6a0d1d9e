import http from 'node:http';
import https from 'node:https';
import { type AddressGuard, RefusedAddressError, checkWebhookTarget, guardedLookup } from '../webhooks';
import { NotAudioError, RecordingTooLargeError, type SpooledRecording, spoolRecording } from './recording-spool';

/** Why a download failed, and whether trying again later may help. */
export class DownloadError extends Error {
  constructor(
    message: string,
    readonly retry: boolean,
  ) {
    super(message);
  }
}

const REDIRECTS = 3;

/**
 * Downloads a platform's recording to a local file: only to an address the webhook guard allows (judged at connection
 * time, for every redirect too), at most `maxBytes`, the whole exchange within the timeout. Failures say whether
 * they are worth another attempt (a timeout, a 5xx) or final (a 404, a refused address, too large, not audio).
 */
export async function downloadRecording(
  url: string,
  options: { guard: AddressGuard; maxBytes: number; timeoutMs: number; signal?: AbortSignal },
): Promise<SpooledRecording> {
  const deadline = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([deadline, options.signal]) : deadline;
  let target = url;
  for (let hop = 0; hop <= REDIRECTS; hop++) {
    const res = await get(target, options.guard, signal, options.timeoutMs);
    const status = res.statusCode ?? 0;
    if (status >= 300 && status < 400 && res.headers.location) {
      res.resume();
      target = new URL(res.headers.location, target).toString();
      continue;
    }
    if (status !== 200) {
      res.resume();
      throw new DownloadError(`the platform answered ${status}`, status >= 500 || status === 429 || status === 408);
    }
    const length = Number(res.headers['content-length']);
    if (length > options.maxBytes) {
      res.destroy();
      throw new DownloadError(`the recording has ${length} bytes, more than ${options.maxBytes}`, false);
    }
    try {
      return await spoolRecording(res, options.maxBytes);
    } catch (error) {
      res.destroy();
      if (error instanceof RecordingTooLargeError) throw new DownloadError(error.message, false);
      if (signal.aborted) throw new DownloadError(`no recording within ${options.timeoutMs / 1000} s`, true);
      if (error instanceof DownloadError) throw error;
      throw new DownloadError((error as Error).message, !(error instanceof NotAudioError));
    }
  }
  throw new DownloadError(`more than ${REDIRECTS} redirects`, false);
}

function get(url: string, guard: AddressGuard, signal: AbortSignal, timeoutMs: number): Promise<http.IncomingMessage> {
  let target: URL;
  try {
    target = new URL(url);
    if (target.protocol !== 'http:' && target.protocol !== 'https:') throw new Error(`${target.protocol} is not http`);
    checkWebhookTarget(url, guard);
  } catch (error) {
    return Promise.reject(new DownloadError((error as Error).message, false));
  }
  const port = Number(target.port || (target.protocol === 'https:' ? 443 : 80));
  const client = target.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      target,
      {
        method: 'GET',
        headers: { 'user-agent': 'PhonebotPortal-Recordings/1', accept: 'audio/*' },
        lookup: guardedLookup(guard, port),
        agent: false,
        signal,
      },
      resolve,
    );
    req.on('error', (error) => {
      if (error instanceof RefusedAddressError || /local or private|this server/.test(error.message))
        reject(new DownloadError(error.message, false));
      else if (signal.aborted) reject(new DownloadError(`no recording within ${timeoutMs / 1000} s`, true));
      else reject(new DownloadError(error.message, true));
    });
    req.end();
  });
}
