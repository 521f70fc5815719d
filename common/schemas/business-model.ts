import { z } from 'zod';
import { decimalInteger } from './ids';

/** docs/product.md §2: the nine canvas elements, in the order the board lists them. */
export const CANVAS_ELEMENTS = [
  'customer-segments',
  'value-propositions',
  'channels',
  'customer-relationships',
  'revenue-streams',
  'key-resources',
  'key-activities',
  'key-partnerships',
  'cost-structure',
] as const;
export type CanvasElement = (typeof CANVAS_ELEMENTS)[number];

/** Each element's label and the question that guides what goes in it. */
export const CANVAS_ELEMENT_INFO: Record<CanvasElement, { label: string; question: string }> = {
  'customer-segments': { label: 'Customer Segments', question: 'Who are your most important customers?' },
  'value-propositions': { label: 'Value Propositions', question: 'What value do you deliver to the customer?' },
  channels: { label: 'Channels', question: 'How do you reach your customers?' },
  'customer-relationships': { label: 'Customer Relationships', question: 'What relationship does each segment expect?' },
  'revenue-streams': { label: 'Revenue Streams', question: 'For what value are customers willing to pay?' },
  'key-resources': { label: 'Key Resources', question: 'What key resources does your value proposition require?' },
  'key-activities': { label: 'Key Activities', question: 'What key activities does your value proposition require?' },
  'key-partnerships': { label: 'Key Partnerships', question: 'Who are your key partners and suppliers?' },
  'cost-structure': { label: 'Cost Structure', question: 'What are the most important costs in your business model?' },
};

export const CANVAS_TITLE_MAX = 200;
export const CANVAS_DESCRIPTION_MAX = 2000;
/** An element holds at most this many items' worth of positions. */
export const CANVAS_POSITION_MAX = 10_000;

export const CanvasElementSchema = z.enum(CANVAS_ELEMENTS, `Element must be one of ${CANVAS_ELEMENTS.join(', ')}`);

const title = z
  .string('Title is required')
  .trim()
  .min(1, 'Title is required')
  .max(CANVAS_TITLE_MAX, `Title must be at most ${CANVAS_TITLE_MAX} characters`);
const description = z
  .string('Description must be text')
  .trim()
  .max(CANVAS_DESCRIPTION_MAX, `Description must be at most ${CANVAS_DESCRIPTION_MAX} characters`)
  .nullable()
  .transform((v) => (v ? v : null));

/** docs/product.md §5 and §7: POST /api/business-model and the add form. A new item goes to the end of its element. */
export const CreateCanvasItemSchema = z.strictObject({
  element: CanvasElementSchema,
  title,
  description: description.optional().default(null),
});
export type CreateCanvasItemInput = z.input<typeof CreateCanvasItemSchema>;
export type CreateCanvasItem = z.output<typeof CreateCanvasItemSchema>;

/** docs/product.md §7: PATCH /api/business-model/{id} with element, title, description (any of them). */
export const UpdateCanvasItemSchema = z
  .strictObject({ element: CanvasElementSchema.optional(), title: title.optional(), description: description.optional() })
  .refine((patch) => Object.values(patch).some((v) => v !== undefined), 'Send at least one field to change');
export type UpdateCanvasItem = z.output<typeof UpdateCanvasItemSchema>;

/** Reordering within an element: the item's new 0-based place (counted without the item itself). */
export const MoveCanvasItemSchema = z.strictObject({
  index: z
    .number('Position must be a whole number')
    .int('Position must be a whole number')
    .min(0, 'Position must be a whole number')
    .max(CANVAS_POSITION_MAX, `Position must be at most ${CANVAS_POSITION_MAX}`),
});

export const CanvasItemIdParamsSchema = z.strictObject({ id: decimalInteger('Item id must be a positive integer') });

export const CanvasItemSchema = z.object({
  id: z.number().int(),
  element: CanvasElementSchema,
  title: z.string(),
  description: z.string().nullable(),
  userId: z.number().int(),
  orderIndex: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CanvasItem = z.infer<typeof CanvasItemSchema>;
export const CanvasItemListSchema = z.array(CanvasItemSchema);
