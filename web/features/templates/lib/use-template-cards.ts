import type { Template } from '@common/schemas/templates';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { useTemplates } from '../api/get-templates';
import { useCreateFromTemplate } from '../api/use-template';
import {
  PLACEHOLDER_TEMPLATES,
  TEMPLATE_COMING_SOON,
  TEMPLATE_FAILED_FALLBACK,
  TEMPLATE_FAILED_TITLE,
  TEMPLATE_READY,
  TEMPLATE_READY_DELAY_MS,
  USING_TEMPLATE,
} from './template-messages';

/** What a screen needs to draw one template card; the card itself is the screen's choice. */
export type TemplateCardModel = {
  key: string;
  name: string;
  description: string | null;
  /** Null for a placeholder. */
  createdAt: string | null;
  /** A document is being created from this template. */
  busy: boolean;
  open: () => void;
};

type Options = { limit?: number };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * docs/product.md §2 Template clicks, finished: a server template creates the user's own document ('Using
 * template', then 'Template ready' once it exists and at least a second has passed); with no
 * server templates, placeholders answer 'Template coming soon'.
 */
export function useTemplateCards({ limit }: Options = {}) {
  const templates = useTemplates();
  const create = useCreateFromTemplate();

  // mutateAsync: the toasts follow even if the person has moved to another view meanwhile.
  const start = async (template: Template) => {
    toast(USING_TEMPLATE);
    const readyAt = Date.now() + TEMPLATE_READY_DELAY_MS;
    try {
      await create.mutateAsync(template.id);
    } catch (error) {
      toast({ variant: 'destructive', title: TEMPLATE_FAILED_TITLE, description: errorMessage(error, TEMPLATE_FAILED_FALLBACK) });
      return;
    }
    await sleep(Math.max(0, readyAt - Date.now()));
    toast(TEMPLATE_READY);
  };

  const fromServer: TemplateCardModel[] = (templates.data ?? []).map((template) => ({
    key: `template-${template.id}`,
    name: template.name,
    description: template.description,
    createdAt: template.createdAt,
    busy: create.isPending && create.variables === template.id,
    open: () => void start(template),
  }));
  const placeholders: TemplateCardModel[] = PLACEHOLDER_TEMPLATES.map(({ name, description }) => ({
    key: `placeholder-${name}`,
    name,
    description,
    createdAt: null,
    busy: false,
    open: () => void toast(TEMPLATE_COMING_SOON),
  }));
  const cards = templates.isSuccess && fromServer.length === 0 ? placeholders : fromServer;

  return {
    isLoading: templates.isPending,
    isError: templates.isError,
    retry: () => void templates.refetch(),
    cards: limit === undefined ? cards : cards.slice(0, limit),
  };
}
