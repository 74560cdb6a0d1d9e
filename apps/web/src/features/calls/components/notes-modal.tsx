import { Button, Modal, Paper, Skeleton, Stack, Text, Textarea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useZodForm } from '../../../components/form/use-zod-form';
import { QueryState } from '../../../components/query-state';
import { fieldErrors } from '../../../lib/api-errors';
import { formatTableDate } from '../../../lib/dates';
import { lazyValue } from '../../../lib/lazy-value';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { notesQuery, useAddNote } from '../api';

// The schema (and zod with it) loads when the field is first focused, not with the call screens.
const lazyNoteSchema = lazyValue(async () => (await import('@phonebot/shared/calls/schema')).noteSchema);

type NotesModalProps = {
  /** The call whose notes are shown; null closes the modal. */
  callId: number | null;
  canManage: boolean;
  onClose: () => void;
};

/** The notes of a call (GET /notes/{id}) and, for those who may change calls, a form to add one. */
export function NotesModal({ callId, canManage, onClose }: NotesModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={callId !== null}
      onClose={onClose}
      title={t('calls.notes.title')}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {callId !== null && <CallNotes key={callId} callId={callId} canManage={canManage} autoFocus />}
    </Modal>
  );
}

/** A call's notes and, for those who may change calls, the field to add one (`inputId` lets a key focus it). */
export function CallNotes({
  callId,
  canManage,
  inputId,
  autoFocus = false,
}: {
  callId: number;
  canManage: boolean;
  inputId?: string;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  const notes = useQuery(notesQuery(callId));
  const addNote = useAddNote(callId);
  const form = useZodForm(lazyNoteSchema, { text: '' });

  const handleSubmit = form.onSubmit(async (values) => {
    try {
      await addNote.mutateAsync(values.text);
    } catch (error) {
      form.setErrors(fieldErrors(error));
      notifyError(t('noteError'));
      return;
    }
    form.reset();
    notifySuccess(t('noteAdded'));
  });

  const list = (
    <QueryState query={notes} loading={<Skeleton height={60} />}>
      {(found) =>
        found.length === 0 ? (
          <Text c="dimmed">{t('calls.notes.empty')}</Text>
        ) : (
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {found.map((note) => (
              <Paper key={note.id} withBorder p="sm" component="li">
                <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  {note.text}
                </Text>
                <Text size="xs" c="dimmed" mt={4}>
                  {note.author
                    ? t('calls.notes.by', { date: formatTableDate(note.created_at), author: note.author })
                    : formatTableDate(note.created_at)}
                </Text>
              </Paper>
            ))}
          </Stack>
        )
      }
    </QueryState>
  );

  return (
    <Stack gap="md">
      {list}
      {canManage && (
        <form onSubmit={handleSubmit} noValidate>
          <Stack gap="sm">
            <Textarea
              id={inputId}
              label={t('calls.notes.note')}
              autosize
              minRows={2}
              maxRows={8}
              data-autofocus={autoFocus || undefined}
              {...form.getInputProps('text')}
            />
            <Button type="submit" loading={form.submitting} style={{ alignSelf: 'flex-end' }}>
              {t('calls.notes.add')}
            </Button>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
