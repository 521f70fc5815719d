import { Badge } from '@web/components/ui/badge';
import { statusBadge } from '../lib/document-status';

/** docs/product.md §4's badge for a document status. */
export function DocumentStatusBadge({ status }: { status: string }) {
  const { label, variant } = statusBadge(status);
  return <Badge variant={variant}>{label}</Badge>;
}
