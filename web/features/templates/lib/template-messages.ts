/** docs/product.md §8's template toasts, with its Built note's failure, now that a click creates a document (§2, Template clicks). */
import type { ToastInput } from '@web/components/ui/use-toast';

export const USING_TEMPLATE: ToastInput = { title: 'Using template', description: 'Creating a new document from template...' };
export const TEMPLATE_READY: ToastInput = { title: 'Template ready', description: 'Your document has been created from the template.' };
export const TEMPLATE_COMING_SOON: ToastInput = {
  title: 'Template coming soon',
  description: 'Templates will be available in the next update.',
};
export const TEMPLATE_FAILED_TITLE = 'Template failed';
export const TEMPLATE_FAILED_FALLBACK = 'The document could not be created from the template. Please try again.';

/** docs/product.md §9: 'Template ready' follows 'Using template' after this long at the earliest. */
export const TEMPLATE_READY_DELAY_MS = 1000;

/** Shown when the server has no templates, so the Home grid and the Templates view are never bare. */
export const PLACEHOLDER_TEMPLATES = [
  { name: 'Business Plan', description: 'Executive summary, market, operations and financials.' },
  { name: 'Project Proposal', description: 'Objectives, scope, timeline, budget and risks.' },
  { name: 'Marketing Plan', description: 'Audience, positioning, channels and measures.' },
] as const;
