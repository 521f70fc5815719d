import { TASK_PRIORITY_LABELS, type TaskPriority } from '@common/schemas/tasks';
import { Badge } from '@web/components/ui/badge';
import { cn } from '@web/lib/utils';
import { PRIORITY_BADGE } from '../lib/task-format';

export function PriorityBadge({ priority, className }: { priority: TaskPriority; className?: string }) {
  return <Badge className={cn(PRIORITY_BADGE[priority], className)}>{TASK_PRIORITY_LABELS[priority]}</Badge>;
}
