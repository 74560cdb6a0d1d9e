/** Call recordings: the `recording` attribute of a call, the Bot API's upload, the audio and its ticket. */
export { recordingContracts } from './contract';
export { recordingRoutes } from './routes';
export {
  RECORDING_CONTENT_TYPES,
  RECORDING_MAX_BYTES_DEFAULT,
  RECORDING_TICKET_TTL_S,
  type Recording,
  type RecordingContentType,
  recordingSchema,
} from './schema';
