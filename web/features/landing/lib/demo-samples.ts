/**
 * The landing demo's script (docs/product.md §4 and §9): three sample documents, each with one passage the
 * simulated assistant changes. Everything is in the page; the demo makes no network calls.
 */

export const DEMO_SAMPLE_IDS = ['contracts', 'manuscripts', 'templates'] as const;
export type DemoSampleId = (typeof DEMO_SAMPLE_IDS)[number];

/** A passage in the sample: plain text, or the one place the suggestion lands. */
export type DemoSegment = { text: string } | { target: true };

export type DemoParagraph = { kind: 'heading' | 'text'; segments: DemoSegment[] };

export type DemoSample = {
  id: DemoSampleId;
  label: string;
  title: string;
  paragraphs: DemoParagraph[];
  /** The passage the visitor has "selected" ('' for an insertion at the cursor). */
  original: string;
  /** What the suggestion puts in its place. */
  replacement: string;
  /** 'Replace' swaps the selection; 'Insert' adds text at the cursor. */
  action: 'Replace' | 'Insert';
  /** A ready-made request the visitor can send with one click. */
  prompt: string;
  greeting: string;
  reply: string;
};

const text = (value: string): DemoSegment => ({ text: value });
const TARGET: DemoSegment = { target: true };
const para = (...segments: DemoSegment[]): DemoParagraph => ({ kind: 'text', segments });
const heading = (value: string): DemoParagraph => ({ kind: 'heading', segments: [text(value)] });

export const SYSTEM_UPDATED_MESSAGE = 'The text has been updated in the document.';
export const READY_TO_JOIN_MESSAGE = "I'm ready to join the waitlist!";

export const DEMO_SAMPLES: Record<DemoSampleId, DemoSample> = {
  contracts: {
    id: 'contracts',
    label: 'Contracts',
    title: 'Master Services Agreement',
    paragraphs: [
      heading('Master Services Agreement'),
      para(text('This Agreement is made between Harbor & Pike LLP (the "Firm") and Northwind Traders Ltd. (the "Client").')),
      heading('4. Payment Terms'),
      para(text('4.1 '), TARGET),
      para(text('4.2 Amounts not paid when due accrue interest at 1% per month until paid in full.')),
    ],
    original:
      'The Client shall pay each invoice within thirty (30) days of the invoice date. This Agreement takes effect on January 1, 2024.',
    replacement:
      'The Client shall pay each invoice within fifteen (15) days of the invoice date and may deduct a 2% early-payment discount from any invoice paid within ten (10) days. This Agreement takes effect on January 1, 2025.',
    action: 'Replace',
    prompt: 'Shorten the payment term to 15 days, add a 2% discount for payment within 10 days, and make the year 2025.',
    greeting: 'Hi! I have clause 4.1 of the Master Services Agreement selected. Tell me how to change it.',
    reply:
      'Here is clause 4.1 with a 15-day payment term, a 2% early-payment discount within 10 days, and 2025 in place of 2024. The numbering and style stay as they are.',
  },
  manuscripts: {
    id: 'manuscripts',
    label: 'Manuscripts',
    title: 'Chapter 3: The Harbour',
    paragraphs: [
      heading('Chapter 3: The Harbour'),
      para(TARGET),
      para(text('Mara pulled her coat tighter and counted the lights along the pier. Seven. There should have been eight.')),
    ],
    original:
      'It was a very dark and extremely stormy night, and the old fishing boats that were moored in the harbour were rocking back and forth in a way that was quite violent, because the wind was howling very loudly.',
    replacement:
      'The night was dark and stormy. In the harbour, the old fishing boats pitched against their moorings as the wind howled.',
    action: 'Replace',
    prompt: 'Make the selected paragraph more concise and vivid.',
    greeting: "Hi! I have the chapter's first paragraph selected. What should I do with it?",
    reply: 'Here is a tighter version: two short sentences, stronger verbs, the same scene and the same paragraph style.',
  },
  templates: {
    id: 'templates',
    label: 'Templates',
    title: 'Client Engagement Letter',
    paragraphs: [
      heading('Client Engagement Letter'),
      para(text('Dear [Client Name],')),
      para(text('Thank you for choosing us. This letter sets out the scope of our work and the terms on which we will act for you.')),
      para(text('Scope of work: [describe the services].'), TARGET),
      para(text('Please sign and return a copy of this letter to confirm these terms.')),
    ],
    original: '',
    replacement:
      ' Confidentiality: we will keep everything you share with us confidential and use it only to provide these services.',
    action: 'Insert',
    prompt: 'Add a confidentiality sentence after the scope of work.',
    greeting: "Hi! My cursor is after the scope of work in this template. What should I add there?",
    reply: 'Here is a confidentiality sentence to insert at your cursor, in the letter\'s own paragraph style.',
  },
};
