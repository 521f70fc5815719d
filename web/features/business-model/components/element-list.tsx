import { CANVAS_ELEMENTS, CANVAS_ELEMENT_INFO, type CanvasElement } from '@common/schemas/business-model';
import { TabsList, TabsTrigger } from '@web/components/ui/tabs';

type ElementListProps = {
  /** Undefined while the items load: the list is usable at once, the counts follow. */
  counts: Record<CanvasElement, number> | undefined;
};

const itemsWord = (count: number) => `${count} ${count === 1 ? 'item' : 'items'}`;

/**
 * docs/product.md §2: the nine elements with their item counts, as a vertical tab list (arrow keys move
 * between them, the chosen one's panel follows). A sidebar on wide screens; two columns above
 * the panel on a phone, so all nine stay in view without a long scroll.
 */
export function ElementList({ counts }: ElementListProps) {
  return (
    <TabsList
      aria-label="Canvas elements"
      className="grid h-auto grid-cols-2 items-stretch gap-1 self-start rounded-xl border bg-card p-2 shadow-sm lg:grid-cols-1"
    >
      {CANVAS_ELEMENTS.map((element) => {
        const { label } = CANVAS_ELEMENT_INFO[element];
        const count = counts?.[element];
        return (
          <TabsTrigger
            key={element}
            value={element}
            aria-label={count === undefined ? label : `${label}, ${itemsWord(count)}`}
            data-testid={`element-${element}`}
            className="group justify-between gap-2 px-3 py-2 ring-offset-card focus-visible:ring-offset-2 text-left whitespace-normal text-muted-foreground hover:bg-accent hover:text-foreground data-[state=active]:bg-primary data-[state=active]:text-primary-foreground"
          >
            <span className="min-w-0 leading-snug">{label}</span>
            {count !== undefined && (
              <span
                className="min-w-6 rounded-md bg-muted px-1.5 py-0.5 text-center text-xs font-semibold text-foreground tabular-nums group-data-[state=active]:bg-primary-foreground group-data-[state=active]:text-primary"
                data-testid="element-count"
              >
                {count}
              </span>
            )}
          </TabsTrigger>
        );
      })}
    </TabsList>
  );
}
