import { FilePenLine, FilePlus, MessageSquare, Share2 } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { Badge } from '@web/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { ACTIVITY_VERBS, type ActivityType, SAMPLE_ACTIVITY } from '../lib/sample-activity';

const ICONS: Record<ActivityType, { icon: LucideIcon; tone: string }> = {
  edit: { icon: FilePenLine, tone: 'bg-blue-50 text-blue-600' },
  share: { icon: Share2, tone: 'bg-green-50 text-green-600' },
  create: { icon: FilePlus, tone: 'bg-purple-50 text-purple-600' },
  comment: { icon: MessageSquare, tone: 'bg-orange-50 text-orange-600' },
};

/** docs/product.md §2 Recent Activity: static sample entries, labelled as such. */
export function RecentActivity() {
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between pb-3">
        <CardTitle className="text-base">Recent Activity</CardTitle>
        <Badge variant="secondary" title="These entries are examples, not your documents' history.">
          Sample data
        </Badge>
      </CardHeader>
      <CardContent className="pb-4">
        <ul className="grid gap-4" aria-label="Sample activity">
          {SAMPLE_ACTIVITY.map(({ id, type, document, time, user }) => {
            const { icon: Icon, tone } = ICONS[type];
            return (
              <li key={id} className="flex gap-3">
                <span className={`grid size-8 shrink-0 place-items-center rounded-full ${tone}`} aria-hidden="true">
                  <Icon className="size-4" />
                </span>
                <div className="min-w-0 text-sm">
                  <p className="leading-snug">
                    <span className="font-medium">{user}</span> {ACTIVITY_VERBS[type]} <span className="font-medium">{document}</span>
                  </p>
                  <p className="mt-0.5 text-xs text-muted-foreground">{time}</p>
                </div>
              </li>
            );
          })}
        </ul>
        <p className="mt-4 border-t pt-3 text-xs text-muted-foreground">Example entries. Your own activity will appear here in a later update.</p>
      </CardContent>
    </Card>
  );
}
