import { z } from 'zod';
import { defineContract } from '../core/contract';
import { idParamSchema } from '../core/fields';
import { metaDocument } from '../core/jsonapi';
import { RECORDING_CONTENT_TYPES, recordingSchema } from './schema';

const audioAnswer = {
  contentType: 'audio/*',
  description: 'The recording (audio/mpeg, audio/wav, audio/ogg or audio/webm)',
} as const;

export const recordingContracts = {
  putBotCallRecording: defineContract({
    operationId: 'putBotCallRecording',
    method: 'PUT',
    path: '/bot/calls/:id/recording',
    summary: 'Stores the recording of one of the phonebot’s calls, replacing the one it had',
    description: `The body is the audio itself (${RECORDING_CONTENT_TYPES.join(', ')}), its type checked from its bytes: other bytes answer 415. At most RECORDING_MAX_BYTES (50 MB unless configured): a larger body answers 413. A call of another phonebot answers 404.`,
    tags: ['Bot API'],
    auth: 'bot',
    params: idParamSchema,
    responses: { 200: metaDocument(z.object({ recording: recordingSchema })) },
    errors: [404, 413, 415],
  }),
  getCallRecording: defineContract({
    operationId: 'getCallRecording',
    method: 'GET',
    path: '/calls/:id/recording',
    summary: 'The call’s recording, as audio; byte ranges (Range) answer 206',
    description:
      'Sign in with the Bearer header or `?ticket=` from `POST /calls/{id}/recording/ticket` (an `<audio>` element cannot send headers). `Range: bytes=…` answers 206 with `Content-Range`, a range beyond the end 416. A call without a recording answers 404.',
    tags: ['Calls', 'Recordings'],
    auth: 'user',
    ticketAuth: true,
    operations: ['calls.view'],
    params: idParamSchema,
    responses: { 200: audioAnswer, 206: audioAnswer },
    errors: [404, 416],
  }),
  createRecordingTicket: defineContract({
    operationId: 'createRecordingTicket',
    method: 'POST',
    path: '/calls/:id/recording/ticket',
    summary: 'A ticket that opens the call’s recording once, within 60 seconds, without an Authorization header',
    description:
      'For the browser’s `<audio>` element: `GET /calls/{id}/recording?ticket=<ticket>`. The ticket belongs to the session that asked for it and opens this call’s recording only.',
    tags: ['Recordings', 'Calls'],
    auth: 'user',
    operations: ['calls.view'],
    params: idParamSchema,
    responses: { 200: metaDocument(z.object({ ticket: z.string(), expires_in: z.number().int() })) },
    errors: [404],
  }),
};
