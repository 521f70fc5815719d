import { describe, expect, it } from 'vitest';
import { summarize } from './summarize';

const GDPR =
  'The General Data Protection Regulation (GDPR) governs how organisations collect and use personal data about people in the European Union. ' +
  'It applies to any organisation that processes such data, wherever the organisation is based. ' +
  'Personal data is any information that identifies a living person, such as a name, an email address or a location. ' +
  'Organisations must have a lawful basis, such as consent or a contract, before they process personal data. ' +
  'People have the right to see the personal data an organisation holds about them and to ask for it to be corrected or deleted. ' +
  'Serious breaches of the regulation can lead to fines of up to 20 million euros or 4% of worldwide turnover. ' +
  'Many organisations appoint a data protection officer to oversee compliance.';

describe('summarize', () => {
  it('keeps the most central sentences of a paragraph, in their original order', () => {
    expect(summarize(GDPR, { maxSentences: 1 })).toBe(
      'The General Data Protection Regulation (GDPR) governs how organisations collect and use personal data about people in the European Union.',
    );
    expect(summarize(GDPR, { maxSentences: 3 })).toBe(
      'The General Data Protection Regulation (GDPR) governs how organisations collect and use personal data about people in the European Union. ' +
        'It applies to any organisation that processes such data, wherever the organisation is based. ' +
        'Organisations must have a lawful basis, such as consent or a contract, before they process personal data.',
    );
  });

  it('keeps a quarter of the sentences by default and never picks a heading', () => {
    const withHeading = `Data protection\n${GDPR}`;
    expect(summarize(withHeading)).toBe(
      'The General Data Protection Regulation (GDPR) governs how organisations collect and use personal data about people in the European Union. ' +
        'Organisations must have a lawful basis, such as consent or a contract, before they process personal data.',
    );
  });

  it('returns a short text whole', () => {
    expect(summarize('Payment is due in 30 days. Late payment costs 2% a month.', { maxSentences: 3 })).toBe(
      'Payment is due in 30 days. Late payment costs 2% a month.',
    );
  });
});
