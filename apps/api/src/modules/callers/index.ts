// Callers: a caller's timeline (every call, note and SMS of one number at a company).
export { callerTimeline } from './timeline.service';
