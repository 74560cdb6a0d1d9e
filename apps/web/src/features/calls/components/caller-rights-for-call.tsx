import { useQuery } from '@tanstack/react-query';
import { CallerRightsActions } from '../../caller-rights';
import { callDetailQuery } from '../api';

/** The caller's export and erasure for the caller of one call (its detail is read from the cache the screens fill). */
export function CallerRightsForCall({ callId, onErased }: { callId: number; onErased?: () => void }) {
  const detail = useQuery(callDetailQuery(callId));
  if (!detail.isSuccess) return null;
  return <CallerRightsActions number={detail.data.caller_number} onErased={onErased} />;
}
