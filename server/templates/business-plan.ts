import type { TemplateSpec } from './docx-builder';

export const businessPlan: TemplateSpec = {
  title: 'Business Plan',
  subtitle: '[Company name] · [Month Year]',
  description: 'A structured business plan for investors, lenders and partners.',
  intro: [
    'How to use this template: replace each grey prompt with your own text, then delete the prompt. Keep every section short and factual; a reader should be able to skim the headings and understand the business.',
  ],
  sections: [
    {
      heading: 'Executive Summary',
      guidance: [
        'Write this section last, in no more than one page. State what the business does, who it serves, why it will succeed and what you are asking the reader for.',
        'Someone who reads only this page should know the opportunity, the plan and the amount of funding requested.',
      ],
      bullets: ['Mission: [one sentence]', 'The opportunity: [problem and size of market]', 'The ask: [amount and purpose]'],
    },
    {
      heading: 'Company Description',
      guidance: [
        'Describe the legal entity, where it operates, when it was founded and its ownership. Explain the problem you solve and why your team is placed to solve it.',
      ],
      bullets: ['Legal name and structure: [e.g. private limited company]', 'Location: [city, country]', 'Founded: [year]'],
    },
    {
      heading: 'Market Analysis',
      guidance: ['Show that you understand the market you are entering and can name the customers you will win.'],
      subsections: [
        {
          heading: 'Industry Overview',
          guidance: ['Summarise the size, growth rate and main trends of your industry, citing your sources.'],
        },
        {
          heading: 'Target Market',
          guidance: [
            'Define your ideal customers by segment: who they are, how many there are and what they currently spend on the problem you solve.',
          ],
        },
        {
          heading: 'Competition',
          guidance: ['List your main competitors and the alternatives customers use today. Be honest about their strengths.'],
          table: {
            columns: ['Competitor', 'Strengths', 'Weaknesses', 'Our advantage'],
            rows: [
              ['[Name]', '', '', ''],
              ['[Name]', '', '', ''],
            ],
          },
        },
      ],
    },
    {
      heading: 'Organisation & Management',
      guidance: [
        'Introduce the founders and key people, with the experience that matters for this business. Include an organisation chart or a short description of who reports to whom.',
        'Name any advisers or board members, and the roles you still need to hire.',
      ],
      table: {
        columns: ['Name', 'Role', 'Relevant experience'],
        rows: [
          ['[Name]', '[Role]', ''],
          ['[Name]', '[Role]', ''],
        ],
        widths: [2, 2, 4],
      },
    },
    {
      heading: 'Products & Services',
      guidance: [
        'Describe what you sell and the benefit it brings to the customer, not just its features. Mention pricing, intellectual property and what is still in development.',
      ],
    },
    {
      heading: 'Marketing & Sales',
      guidance: [
        'Explain how you will reach customers and turn them into paying ones: channels, sales process, pricing strategy and expected cost of acquiring a customer.',
      ],
      bullets: ['Channels: [e.g. direct sales, partners, online]', 'Sales cycle: [typical length and steps]'],
    },
    {
      heading: 'Financial Projections',
      guidance: [
        'Give a three-year forecast of revenue, costs and profit, and state the assumptions behind it. Lenders and investors will test those assumptions, so keep them realistic and sourced.',
      ],
      table: {
        columns: ['', 'Year 1', 'Year 2', 'Year 3'],
        rows: [
          ['Revenue', '', '', ''],
          ['Cost of sales', '', '', ''],
          ['Gross margin', '', '', ''],
          ['Operating expenses', '', '', ''],
          ['Net profit', '', '', ''],
        ],
        widths: [3, 2, 2, 2],
      },
    },
    {
      heading: 'Funding Request',
      guidance: [
        'State how much funding you need, in what form (equity, loan, grant) and over what period. Break down how the money will be spent and what milestones it will let you reach.',
      ],
      bullets: ['Amount requested: [amount]', 'Use of funds: [e.g. 40% product, 35% marketing, 25% hiring]', 'Milestones: [what the funding achieves]'],
    },
    {
      heading: 'Appendix',
      guidance: [
        'Attach supporting material only: CVs, letters of intent, market research, detailed financial statements, licences or patents. Refer to each item from the section it supports.',
      ],
    },
  ],
};
