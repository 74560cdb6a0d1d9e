/** The method and path of each operation of contract.ts, typed by it: a client calls them without its schemas. */
import type { recordingContracts } from './contract';
import { apiRoutes } from '../core/contract';

export const recordingRoutes = apiRoutes<typeof recordingContracts>({
  putBotCallRecording: ['PUT', '/bot/calls/:id/recording'],
  getCallRecording: ['GET', '/calls/:id/recording'],
  createRecordingTicket: ['POST', '/calls/:id/recording/ticket'],
});
