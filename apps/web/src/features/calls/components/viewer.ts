/** Who is looking: what the role may do with assignments, and the user's id for "assign to me". */
export type Viewer = {
  userId: number | undefined;
  /** Admins and adminusers assign anyone of the company; operators only themselves. */
  assignAny: boolean;
  /** Admins and adminusers pick the assignee from the company's users (the picker lists them). */
  pickAssignee: boolean;
  /** Admins and adminusers add phonebots (the empty inbox leads there). */
  managePhonebots: boolean;
};
