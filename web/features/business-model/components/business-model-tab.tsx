import { useState } from 'react';
import { CANVAS_ELEMENTS, type CanvasElement } from '@common/schemas/business-model';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { Tabs, TabsContent } from '@web/components/ui/tabs';
import { errorMessage } from '@web/lib/api-client';
import { useCanvasItems } from '../api/get-canvas-items';
import { countByElement, itemsOf } from '../lib/canvas-order';
import { ElementPanel } from './element-panel';
import { ElementList } from './element-list';

/** docs/product.md §2 Business Model tab: the nine elements on the left, the chosen one's items beside them. */
export function BusinessModelTab() {
  const itemsQuery = useCanvasItems();
  const [element, setElement] = useState<CanvasElement>(CANVAS_ELEMENTS[0]);
  const items = itemsQuery.data;

  const fallback = itemsQuery.isError ? (
    <div className="grid justify-items-center gap-3 rounded-xl border border-dashed px-4 py-10 text-center text-sm" role="alert">
      <p>{errorMessage(itemsQuery.error, 'The canvas could not be loaded.')}</p>
      <Button variant="outline" size="sm" onClick={() => void itemsQuery.refetch()}>
        Try again
      </Button>
    </div>
  ) : (
    <p className="flex items-center justify-center gap-2 py-10 text-sm text-muted-foreground" role="status">
      <Spinner /> Loading items...
    </p>
  );

  return (
    <Tabs
      value={element}
      onValueChange={(value) => setElement(value as CanvasElement)}
      orientation="vertical"
      className="grid gap-6 lg:grid-cols-[16rem_minmax(0,1fr)]"
    >
      <ElementList counts={items && countByElement(items)} />
      {CANVAS_ELEMENTS.map((each) => (
        <TabsContent key={each} value={each} className="mt-0 min-w-0 rounded-md focus-visible:ring-offset-4">
          <ElementPanel element={each} items={items && itemsOf(items, each)} fallback={fallback} />
        </TabsContent>
      ))}
    </Tabs>
  );
}
