/**
 * docs/product.md §2: Recent Activity is static sample data, not loaded from a server. The panel says so,
 * so nobody mistakes it for what happened to their documents.
 */
export type ActivityType = 'edit' | 'share' | 'create' | 'comment';
export type Activity = { id: number; type: ActivityType; document: string; time: string; user: string };

export const SAMPLE_ACTIVITY: readonly Activity[] = [
  { id: 1, type: 'edit', document: 'Service Agreement.docx', time: '2 hours ago', user: 'You' },
  { id: 2, type: 'share', document: 'Quarterly Report.docx', time: '5 hours ago', user: 'Sarah Chen' },
  { id: 3, type: 'create', document: 'Project Proposal.docx', time: '1 day ago', user: 'You' },
  { id: 4, type: 'comment', document: 'Employee Handbook.docx', time: '2 days ago', user: 'Mike Johnson' },
];

export const ACTIVITY_VERBS: Record<ActivityType, string> = {
  edit: 'edited',
  share: 'shared',
  create: 'created',
  comment: 'commented on',
};
