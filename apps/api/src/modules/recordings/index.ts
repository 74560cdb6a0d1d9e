/**
 * Call recordings: the audio a phonebot uploads or a connector's platform holds, stored in the recordings store,
 * served with byte ranges, and deleted with its call by the path of a change.
 */
export { type Recordings, createRecordings } from './recordings';
export { type RecordingsDeps, redeemRecordingTicket, registerRecordingRoutes } from './recordings.routes';
// Its part in the path of a change: a call's audio goes with the call.
export { recordingsSubscriber } from './recording-deletions';
// For the connectors: the platform's recording of a call they store, fetched in the background.
export { queueRecordingFetch } from './recording-fetches';
export { pruneRecordingTickets } from './recordings.store';
