import { Suspense, lazy, useState } from 'react';
import { OnceOpened } from '../../../components/once-opened';
import type { CallRow } from '../api';
import { MessagePreviewModal } from './message-preview-modal';
import { SnoozeDialog } from './snooze-dialog';
import type { CallActions } from './use-call-actions';

// Loaded when first opened: their forms bring the form library.
const NotesModal = lazy(async () => ({ default: (await import('./notes-modal')).NotesModal }));
const SmsModal = lazy(async () => ({ default: (await import('./sms-modal')).SmsModal }));

/** What a snooze applies to: one call, or the calls selected for a bulk action. */
export type SnoozeTarget = { row: CallRow } | { ids: number[] };

/**
 * The dialogs a call screen opens on a call: its message, its notes, an SMS to the caller and the snooze, with
 * what opens each. The element goes anywhere in the screen (the dialogs float above it).
 */
export function useCallDialogs({
  actions,
  canManage,
  onBulkSnoozed,
}: {
  actions: CallActions;
  canManage: boolean;
  /** Called once the selected calls are snoozed (the screen clears its selection). */
  onBulkSnoozed: () => void;
}) {
  const [previewId, setPreviewId] = useState<number | null>(null);
  const [notesId, setNotesId] = useState<number | null>(null);
  const [smsCall, setSmsCall] = useState<CallRow | null>(null);
  const [snoozing, setSnoozing] = useState<SnoozeTarget | null>(null);
  const element = (
    <>
      <OnceOpened opened={previewId !== null}>
        <MessagePreviewModal callId={previewId} onClose={() => setPreviewId(null)} />
      </OnceOpened>
      <OnceOpened opened={notesId !== null}>
        <Suspense fallback={null}>
          <NotesModal callId={notesId} canManage={canManage} onClose={() => setNotesId(null)} />
        </Suspense>
      </OnceOpened>
      <OnceOpened opened={smsCall !== null}>
        <Suspense fallback={null}>
          <SmsModal call={smsCall} onClose={() => setSmsCall(null)} />
        </Suspense>
      </OnceOpened>
      <OnceOpened opened={snoozing !== null}>
        <SnoozeDialog
          opened={snoozing !== null}
          onClose={() => setSnoozing(null)}
          onPick={(until) => {
            const target = snoozing;
            setSnoozing(null);
            if (target === null) return;
            if ('row' in target) void actions.snooze(target.row, until);
            else
              void actions.bulkSnooze(target.ids, until).then((done) => {
                if (done) onBulkSnoozed();
              });
          }}
        />
      </OnceOpened>
    </>
  );
  return { openPreview: setPreviewId, openNotes: setNotesId, openSms: setSmsCall, openSnooze: setSnoozing, element };
}
