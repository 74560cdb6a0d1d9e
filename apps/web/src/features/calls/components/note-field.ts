/** The id of an open call's note field: the `n` key puts the focus there (use-inbox-key-actions.ts). */
export const noteFieldId = (callId: number) => `call-${callId}-note`;
