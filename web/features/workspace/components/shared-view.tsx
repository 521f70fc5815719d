import { Users } from 'lucide-react';
import { Card } from '@web/components/ui/card';

/** 'Shared with me': sharing does not exist yet, so the view says so rather than showing nothing. */
export function SharedView() {
  return (
    <Card className="flex flex-col items-center px-6 py-14 text-center">
      <span className="grid size-12 place-items-center rounded-full bg-muted text-muted-foreground" aria-hidden="true">
        <Users className="size-6" />
      </span>
      <h3 className="mt-4 font-semibold">Nothing has been shared with you yet</h3>
      <p className="mt-1 max-w-sm text-sm text-muted-foreground">
        When a colleague shares a document with you, it will appear here. Your own documents are private to your account.
      </p>
    </Card>
  );
}
