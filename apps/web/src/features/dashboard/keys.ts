/** The home dashboard's query keys: screens whose changes show in its counts refresh them. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  counts: () => [...dashboardKeys.all, 'counts'] as const,
  checklist: () => [...dashboardKeys.all, 'checklist'] as const,
};
