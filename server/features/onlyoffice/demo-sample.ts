/**
 * The public sample the /demo page opens: written here, never a user's document, so the demo can
 * be open to anyone without any stored document becoming readable through it.
 */
import { createHash } from 'node:crypto';
import { type TemplateSpec, buildTemplateDocx } from '../../templates/docx-builder';

const SAMPLE: TemplateSpec = {
  title: 'Services Agreement',
  subtitle: 'Sample document · Redraft demo',
  description: 'A short sample agreement for trying the editor.',
  intro: ['This agreement is made between Northwind Supplies Ltd (the "Supplier") and Contoso Legal LLP (the "Client").'],
  sections: [
    {
      heading: '1. Services',
      guidance: ['The Supplier shall deliver the services described in Schedule 1 with reasonable skill and care, and in line with good industry practice.'],
    },
    {
      heading: '2. Payment',
      guidance: [
        'The Client shall pay each invoice within 30 days of receiving it. Late payments carry interest at 2% above the base rate of the Bank of England.',
      ],
      bullets: ['Invoices are issued monthly in arrears.', 'All amounts are exclusive of VAT.'],
    },
    {
      heading: '3. Term and termination',
      guidance: ['This agreement starts on 1 January 2024 and continues for twelve (12) months. Either party may end it with 30 days written notice.'],
    },
  ],
};

let cached: { bytes: Uint8Array; key: string } | undefined;

/** The sample's bytes and a Document Server key that changes only when the sample does. */
export function demoSample() {
  if (!cached) {
    const bytes = buildTemplateDocx(SAMPLE);
    cached = { bytes, key: `demo-${createHash('sha256').update(bytes).digest('base64url').slice(0, 24)}` };
  }
  return { ...cached, title: `${SAMPLE.title}.docx` };
}
