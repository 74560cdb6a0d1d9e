import { useTranslation } from 'react-i18next';
import type { CallPriority, CallStatus } from '@phonebot/shared/calls';
import type { CallRow } from '../api';
import { useConfirm } from '../../../components/use-confirm';
import { errorText } from '../../../lib/api-errors';
import { translateText } from '../../../lib/i18n';
import { notifyError, notifySuccess } from '../../../lib/notify';
import {
  useAssignCall,
  useBulkAssign,
  useBulkFields,
  useBulkSnooze,
  useBulkStatus,
  useSnoozeCall,
  useDeleteCall,
  useMarkCompleted,
  useUpdateCategory,
  useUpdatePriority,
  useUpdateStatus,
} from '../api';

/** What changed on the server, for a screen that holds rows the server no longer lists (new calls). */
export type CallChange = { ids: number[]; patch: Partial<CallRow> } | { ids: number[]; deleted: true };

type Field = 'status' | 'priority' | 'category';

/**
 * The row and bulk actions of the call tables with the confirmations and toasts of docs/product.md §6 and §10: every status,
 * priority and category change asks first, every delete asks with the delete texts; mark completed and bulk status
 * are explicit verbs and do not ask.
 */
export function useCallActions(onChanged?: (change: CallChange) => void) {
  const { t } = useTranslation();
  const { confirm, dialog } = useConfirm();
  const status = useUpdateStatus();
  const priority = useUpdatePriority();
  const category = useUpdateCategory();
  const completed = useMarkCompleted();
  const bulk = useBulkStatus();
  const removal = useDeleteCall();
  const assignment = useAssignCall();
  const snoozing = useSnoozeCall();
  const bulkAssignment = useBulkAssign();
  const bulkSnoozing = useBulkSnooze();
  const bulkFields = useBulkFields();

  /** Runs an assign or snooze: the server's reason when it refuses (someone else holds the call), else the toast. */
  async function run(work: () => Promise<unknown>, success: string, change: CallChange): Promise<boolean> {
    try {
      await work();
    } catch (error) {
      notifyError(translateText(t, errorText(error)));
      return false;
    }
    onChanged?.(change);
    notifySuccess(success);
    return true;
  }
  const assigneeId = (assignee: number | null) => (assignee === null ? null : String(assignee));

  const statusLabel = (value: CallStatus) => t(`calls.statuses.${value}`);
  const priorityLabel = (value: CallPriority) => t(`calls.priorities.${value}`);

  async function change(
    field: Field,
    valueLabel: string,
    run: () => Promise<unknown>,
    patch: Partial<CallRow>,
    ids: number[],
  ): Promise<boolean> {
    const confirmed = await confirm({
      title: t('deleteConfirmTitle'),
      text: t(`calls.confirm.${field}`, { value: valueLabel }),
      confirmLabel: t('calls.confirm.button'),
    });
    if (!confirmed) {
      notifyError(`${t('cancelled')}: ${t(`calls.cancelledNote.${field}`)}`);
      return false;
    }
    try {
      await run();
    } catch {
      notifyError(t(`${field}UpdateError`));
      return false;
    }
    onChanged?.({ ids, patch });
    notifySuccess(t(`${field}Updated`));
    return true;
  }

  return {
    dialog,
    changeStatus: (row: CallRow, value: CallStatus) =>
      change('status', statusLabel(value), () => status.mutateAsync({ id: row.id, status: value }), { status: value }, [
        row.id,
      ]),
    changePriority: (row: CallRow, value: CallPriority) =>
      change(
        'priority',
        priorityLabel(value),
        () => priority.mutateAsync({ id: row.id, priority: value }),
        { priority: value },
        [row.id],
      ),
    /** The priority of several calls, after the same question as one call's; answers whether it went through. */
    bulkPriority: (ids: number[], value: CallPriority) =>
      change(
        'priority',
        priorityLabel(value),
        () => bulkFields.mutateAsync({ ids, attributes: { priority: value } }),
        { priority: value },
        ids,
      ),
    bulkCategory: (ids: number[], value: string) =>
      change(
        'category',
        value,
        () => bulkFields.mutateAsync({ ids, attributes: { selected_category: value } }),
        { selected_category: value },
        ids,
      ),
    changeCategory: (row: CallRow, value: string | null) =>
      change(
        'category',
        value ?? t('calls.uncategorized'),
        () => category.mutateAsync({ id: row.id, category: value }),
        { selected_category: value },
        [row.id],
      ),
    async markCompleted(row: CallRow) {
      try {
        await completed.mutateAsync(row.id);
      } catch {
        notifyError(t('markCompletedError'));
        return;
      }
      onChanged?.({ ids: [row.id], patch: { status: 'Completed' } });
      notifySuccess(t('markedCompleted'));
    },
    /** Answers whether the change went through, so the selection can be cleared. */
    async bulkStatus(ids: number[], value: CallStatus): Promise<boolean> {
      try {
        await bulk.mutateAsync({ ids, status: value });
      } catch {
        notifyError(t('statusUpdateError'));
        return false;
      }
      onChanged?.({ ids, patch: { status: value } });
      notifySuccess(t('bulkUpdated'));
      return true;
    },
    bulkPending: bulk.isPending || bulkAssignment.isPending || bulkSnoozing.isPending || bulkFields.isPending,
    /** Assigns a call to a user of the company, or releases it (null). */
    assign: (row: CallRow, assignee: number | null) =>
      run(
        () => assignment.mutateAsync({ id: row.id, assignee }),
        t(assignee === null ? 'inbox.toast.released' : 'inbox.toast.assigned'),
        { ids: [row.id], patch: { assignee_id: assigneeId(assignee) } },
      ),
    /** Snoozes a call until a moment (ISO), or wakes it (null). */
    snooze: (row: CallRow, until: string | null) =>
      run(
        () => snoozing.mutateAsync({ id: row.id, until }),
        t(until === null ? 'inbox.toast.woken' : 'inbox.toast.snoozed'),
        { ids: [row.id], patch: { snoozed_until: until } },
      ),
    bulkAssign: (ids: number[], assignee: number | null) =>
      run(
        () => bulkAssignment.mutateAsync({ ids, assignee }),
        t(assignee === null ? 'inbox.toast.released' : 'inbox.toast.assigned'),
        { ids, patch: { assignee_id: assigneeId(assignee) } },
      ),
    bulkSnooze: (ids: number[], until: string) =>
      run(() => bulkSnoozing.mutateAsync({ ids, until }), t('inbox.toast.snoozed'), {
        ids,
        patch: { snoozed_until: until },
      }),
    async remove(row: CallRow) {
      const confirmed = await confirm({
        title: t('deleteConfirmTitle'),
        text: t('deleteConfirmText'),
        confirmLabel: t('deleteConfirmButton'),
        danger: true,
      });
      if (!confirmed) return;
      try {
        await removal.mutateAsync(row.id);
      } catch {
        notifyError(`${t('errorTitle')} ${t('callDeleteError')}`);
        return;
      }
      onChanged?.({ ids: [row.id], deleted: true });
      notifySuccess(`${t('deleted')} ${t('callDeleted')}`);
    },
  };
}

export type CallActions = ReturnType<typeof useCallActions>;
