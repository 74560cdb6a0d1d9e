/**
 * Step-up: a sensitive action the server refuses with 401 `reauthRequired` waits while the user confirms who they
 * are, then runs again (api-client.ts). The dialog that asks registers itself here; the API client knows only this
 * module, so every screen's sensitive action gets the question without code of its own.
 */

/** Asks the user and performs the step-up: true once the server accepted it, false when the user gave up. */
type StepUpPrompt = () => Promise<boolean>;

let prompt: StepUpPrompt | null = null;
let asking: Promise<boolean> | null = null;
/** Counts the step-ups that succeeded, so a request sent before the latest one knows it need not ask again. */
let confirmations = 0;

/** Registers the dialog that asks (null when it leaves the page); answers a function that unregisters it. */
export function setStepUpPrompt(next: StepUpPrompt): () => void {
  prompt = next;
  return () => {
    if (prompt === next) prompt = null;
  };
}

/** A mark to take before a request is sent, for `confirmStepUp` once it is refused. */
export function stepUpMark(): number {
  return confirmations;
}

/**
 * Resolves true when the refused request may be sent again: a step-up succeeded since `mark` (another request's
 * dialog, or the one this call opens). Concurrent refusals share one question.
 */
export function confirmStepUp(mark: number): Promise<boolean> {
  if (confirmations !== mark) return Promise.resolve(true);
  if (asking) return asking;
  if (!prompt) return Promise.resolve(false);
  const current = prompt()
    .then((confirmed) => {
      if (confirmed) confirmations += 1;
      return confirmed;
    })
    .catch(() => false)
    .finally(() => {
      asking = null;
    });
  asking = current;
  return current;
}
