import { describe, expect, it } from 'vitest';
import { DEFAULT_STYLE_RULES } from '@common/schemas/review';
import type { ReviewDocument } from '../types';
import { definedTerms } from './defined-terms';
import { at, docOf, reviewOf } from './rule-test-support';

const review = (d: ReviewDocument) => reviewOf(definedTerms)(d).sort((a, b) => a.paragraph - b.paragraph || a.offset - b.offset);

describe('defined-terms', () => {
  it('reads every usual way of defining a term, and counts plurals and possessives as uses', () => {
    const d = docOf(
      'This lease is made between Aldgate Estates Limited (hereinafter "Landlord") and Zennor Retail Limited (the “Tenant”) (each a "Party" and together, the "Parties").',
      '"Premises" means Unit 4, Quay Street. “Business Day” shall mean a weekday. \'Term\' means ten years. The ‘Rent’ has the meaning given in clause 3.',
      'The Tenant shall pay the Rent to the Landlord on each Business Day of the Term, at the Landlord’s bank, and both Parties shall keep the Premises insured. Each Party bears its own costs.',
      '"Deposit" has the meaning given in clause 4.2. The Guarantor (hereinafter referred to as the "Surety") gives a notice (in the form set out in Schedule 3, the "Notice").',
      'The Tenant pays a sum (the "Deposit"). The Surety serves the Notice when the Deposit is not paid.',
    );
    expect(review(d)).toEqual([]);
  });

  it('flags a definition that is never used, and a second definition of the same term', () => {
    const first = 'In this Agreement: "Supplier" means Northwind Limited; "Deliverables" means the reports; "Services" means the analytics services.';
    const second = 'The Supplier (the "Supplier") shall provide the Services.';
    const d = docOf(first, second, 'The Supplier shall invoice monthly.');
    expect(review(d)).toEqual([
      { paragraph: 0, offset: at(first, 'Deliverables'), quote: 'Deliverables', reason: '"Deliverables" is defined but never used.', replacement: undefined },
      { paragraph: 1, offset: at(second, 'Supplier"') , quote: 'Supplier', reason: '"Supplier" is defined again (it is already defined in paragraph 1).', replacement: undefined },
    ]);
  });

  it('flags “the supplier” where "Supplier" is defined, with the defined casing, but not inside its own definition', () => {
    const defs = '"Supplier" means Northwind Limited. "Services" means the services in Schedule 1. "Business Day" means a weekday. "Term" means three years.';
    const body =
      'The supplier shall perform the Services on the business day after the Supplier’s request, and the supplier’s staff shall follow the Business Day rota. The terms of the Term are in the term "Renewal", with the services of the supplier of parts.';
    expect(review(docOf(defs, body))).toEqual([
      { paragraph: 1, offset: at(body, 'supplier shall'), quote: 'supplier', reason: '"Supplier" is a defined term, but it is written in lower case here.', replacement: 'Supplier' },
      { paragraph: 1, offset: at(body, 'business day'), quote: 'business day', reason: '"Business Day" is a defined term, but it is written in lower case here.', replacement: 'Business Day' },
      { paragraph: 1, offset: at(body, 'supplier’s staff'), quote: 'supplier', reason: '"Supplier" is a defined term, but it is written in lower case here.', replacement: 'Supplier' },
    ]);
  });

  it('flags a capitalised “the Licensee” used twice but never defined, and leaves names and statutes alone', () => {
    const defs = 'This licence is made between Aldgate Software Limited (the "Licensor") and Harbour Logistics plc (the "Customer").';
    const body =
      'The Licensor grants the Licensee a licence. The Customer and the Licensee shall comply with the Companies Act 2006, the rules of the Bank of England, the Financial Conduct Authority and the High Court, in the United Kingdom and in the European Union, and with the Payment clause.';
    const later =
      'The Customer shall inform the Licensor of the Purchaser, the United Kingdom, the Contracts (Rights of Third Parties) Act 1999 and the Companies Act 2006 in January, as the Payment clause says and the Contracts (Rights of Third Parties) Act 1999 allows.';
    expect(review(docOf(defs, body, later))).toEqual([
      { paragraph: 1, offset: at(body, 'Licensee'), quote: 'Licensee', reason: '"Licensee" is capitalised like a defined term, but it is never defined.', replacement: undefined },
    ]);
  });

  it('does not look for undefined terms in a document that defines none', () => {
    expect(review(docOf('The Licensee pays the Licensor. The Licensee and the Licensor sign.'))).toEqual([]);
  });

  it('says nothing about a consistent contract', () => {
    expect(review(docOf(...CONTROL))).toEqual([]);
  });

  it('never throws on odd input', () => {
    expect(() => definedTerms({ paragraphs: [] }, DEFAULT_STYLE_RULES)).not.toThrow();
    const odd = docOf('', '"', '“”', '"A', '(the "', '("Émigré Fund") means the fund', 'the Émigré Fund 😀 "Ω" means omega', '"Data" means all data. '.repeat(2_000), 'the data '.repeat(5_000));
    const findings = review(odd);
    expect(findings.filter((f) => f.reason.includes('defined again'))).toHaveLength(1_999);
    expect(findings.filter((f) => f.reason.includes('lower case'))).toHaveLength(5_000);
    expect(findings.every((f) => f.quote.length > 0)).toBe(true);
  });
});

const CONTROL = [
  'SERVICES AGREEMENT',
  'This Agreement is dated 1 March 2025 and is made between Northwind Analytics Limited, a company incorporated in England and Wales with company number 08123456 (the "Supplier"), and Harbour Logistics plc, whose registered office is at 12 Quay Street, Bristol (the "Customer") (each a "Party" and together the "Parties").',
  'Background',
  'The Supplier provides data analysis services to businesses in the United Kingdom. The Customer wishes to engage the Supplier to provide the Services on the terms of this Agreement.',
  '1. Definitions and interpretation',
  '“Business Day” means a day other than a Saturday, Sunday or public holiday in England when banks in London are open for business.',
  '"Charges" means the charges payable by the Customer for the Services, as set out in Schedule 1.',
  '"Commencement Date" means 1 April 2025.',
  '"Confidential Information" means all information of a confidential nature disclosed by one Party to the other Party, whether before or after the date of this Agreement.',
  '"Services" means the services described in Schedule 2, together with any other services that the Parties agree in writing.',
  '2. Term',
  'This Agreement starts on the Commencement Date and continues for thirty-six months unless terminated earlier in accordance with clause 8. Either Party may extend it by twelve months by giving at least ninety days’ notice before the end of the initial term.',
  '3. Supply of the Services',
  'The Supplier shall provide the Services from the Commencement Date with reasonable skill and care, co-operate with the Customer in all matters relating to the Services, and comply with the Customer’s reasonable security policies notified to it in writing.',
  '4. Charges and payment',
  'In consideration of the Services, the Customer shall pay the Charges in accordance with this clause 4. The Supplier shall invoice the Customer monthly in arrears, and the Customer shall pay each valid invoice within thirty days of receipt. Late payments bear interest at four per cent a year above the Bank of England base rate.',
  '5. Confidentiality',
  'Each Party shall keep the other Party’s Confidential Information confidential. A Party may disclose Confidential Information to its employees and advisers who need to know it, provided that they comply with this clause as if they were a Party.',
  '6. Data protection and compliance',
  'Each Party shall comply with its obligations under the Data Protection Act 2018, the UK GDPR and the Bribery Act 2010, and shall notify the Information Commissioner where the law requires it. The Supplier shall not process personal data outside the United Kingdom.',
  '7. Termination',
  'Either Party may terminate this Agreement on giving not less than three months’ written notice to the other Party, or with immediate effect if the other Party commits a material breach that is not remedied within fourteen days. On termination the Customer shall pay all Charges due for Services performed up to the date of termination.',
  '8. Governing law',
  'This Agreement is governed by the law of England and Wales, and the courts of England have exclusive jurisdiction. The Parties have signed this Agreement on the date set out above.',
  'SCHEDULE 1 – CHARGES',
  'The Supplier shall charge the Customer £12,500 each month, payable on the first Business Day of each month.',
];
