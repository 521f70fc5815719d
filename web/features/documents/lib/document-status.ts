import type { badgeVariants } from '@web/components/ui/badge';
import type { VariantProps } from 'class-variance-authority';

type BadgeVariant = NonNullable<VariantProps<typeof badgeVariants>['variant']>;
export type StatusBadge = { label: string; variant: BadgeVariant };

const BADGES: Record<string, StatusBadge> = {
  uploaded: { label: 'Uploaded', variant: 'default' },
  processing: { label: 'Processing', variant: 'warning' },
  complete: { label: 'Complete', variant: 'success' },
  error: { label: 'Error', variant: 'destructive' },
};

/** docs/product.md §4: the four known statuses, and 'Unknown' for anything else the server might send. */
export function statusBadge(status: string): StatusBadge {
  return Object.hasOwn(BADGES, status) ? BADGES[status]! : { label: 'Unknown', variant: 'secondary' };
}
