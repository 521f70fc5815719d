import { ClipboardList, LayoutGrid } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent } from '@web/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { usePageTitle } from '@web/lib/use-page-title';

/** Stands in for the staff board (tasks, business-model canvas) until its issue lands. */
export function AdminBoardPlaceholder() {
  usePageTitle('Admin Dashboard (internal use only)');
  return (
    <div className="space-y-6">
      {/* SPEC 2: the internal board is kept out of search engines. React 19 hoists this into <head>. */}
      <meta name="robots" content="noindex,nofollow" />
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Admin Dashboard</h1>
        <p className="mt-1 text-muted-foreground">Internal tools for the team.</p>
      </div>
      <Tabs defaultValue="tasks">
        <TabsList>
          <TabsTrigger value="tasks">Tasks</TabsTrigger>
          <TabsTrigger value="business-model">Business Model</TabsTrigger>
        </TabsList>
        <TabsContent value="tasks">
          <Empty icon={<ClipboardList />} text="The task board (kanban and list) arrives here." />
        </TabsContent>
        <TabsContent value="business-model">
          <Empty icon={<LayoutGrid />} text="The nine-element business-model canvas arrives here." />
        </TabsContent>
      </Tabs>
    </div>
  );
}

function Empty({ icon, text }: { icon: ReactNode; text: string }) {
  return (
    <Card className="border-dashed">
      <CardContent className="flex flex-col items-center gap-3 py-16 text-center text-sm text-muted-foreground">
        <span className="text-primary [&_svg]:size-8" aria-hidden="true">
          {icon}
        </span>
        {text}
      </CardContent>
    </Card>
  );
}
