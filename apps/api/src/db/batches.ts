/** Rows one delete statement takes: each batch holds its locks (SQLite: the whole database) only briefly. */
export const DELETE_BATCH = 1000;

/**
 * Runs `deleteBatch` until it deletes fewer rows than a batch, letting other work run between batches (SQLite runs
 * on the event loop). Answers how many rows went.
 */
export async function deleteInBatches(deleteBatch: () => Promise<number>, batch = DELETE_BATCH): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await deleteBatch();
    total += deleted;
    if (deleted < batch) return total;
    await new Promise((resolve) => setImmediate(resolve));
  }
}
