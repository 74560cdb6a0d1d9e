import { z } from 'zod';

/** The audio a call's recording may be, as its bytes show it (never as the client names it). */
export const RECORDING_CONTENT_TYPES = ['audio/mpeg', 'audio/wav', 'audio/ogg', 'audio/webm'] as const;
export type RecordingContentType = (typeof RECORDING_CONTENT_TYPES)[number];

/** The largest recording taken unless RECORDING_MAX_BYTES says otherwise: 50 MB. */
export const RECORDING_MAX_BYTES_DEFAULT = 50 * 1024 * 1024;

/** How long a recording ticket opens the recording, in seconds (once). */
export const RECORDING_TICKET_TTL_S = 60;

/** A call's recording as the call resources show it; null when the call has none. */
export const recordingSchema = z
  .object({
    /** Read from the file where that is cheap (WAV, MP3); null otherwise. */
    duration_seconds: z.number().nullable(),
    content_type: z.enum(RECORDING_CONTENT_TYPES),
    /** Bytes. */
    size: z.number().int(),
  })
  .nullable();
export type Recording = z.infer<typeof recordingSchema>;
