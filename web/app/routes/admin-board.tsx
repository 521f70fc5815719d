import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { BusinessModelTab } from '@web/features/business-model/components/business-model-tab';
import { TasksTab } from '@web/features/tasks/components/tasks-tab';
import { usePageTitle } from '@web/lib/use-page-title';

/** docs/product.md §2 Admin dashboard: the staff board, with its Tasks and Business Model tabs. */
export function AdminBoard() {
  usePageTitle('Admin Dashboard (internal use only)');
  return (
    <div className="space-y-6">
      {/* docs/product.md §2: the internal board is kept out of search engines. React 19 hoists this into <head>. */}
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
          <TasksTab />
        </TabsContent>
        <TabsContent value="business-model">
          <BusinessModelTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}
