import type { TemplateSpec } from './docx-builder';

export const marketingPlan: TemplateSpec = {
  title: 'Marketing Plan',
  subtitle: '[Company or product] · [Period, e.g. FY2026]',
  description: 'A marketing plan covering goals, audience, positioning, channels, budget and measurement.',
  intro: [
    'How to use this template: replace each grey prompt with your own text, then delete the prompt. Tie every tactic back to an objective, and every objective to a number you will measure.',
  ],
  sections: [
    {
      heading: 'Executive Summary',
      guidance: [
        'Summarise the plan on half a page: the goals, the audience, the main campaigns, the budget and the results you expect.',
      ],
    },
    {
      heading: 'Goals & Objectives',
      guidance: [
        'Link marketing to business goals. Write each objective so it is specific, measurable, achievable, relevant and time-bound.',
      ],
      bullets: ['[e.g. Grow qualified leads from 200 to 350 a month by the end of Q3]', '[Objective 2]', '[Objective 3]'],
    },
    {
      heading: 'Situation Analysis',
      guidance: ['Describe where you stand today, drawing on sales data, customer feedback and market research.'],
      subsections: [
        {
          heading: 'SWOT',
          guidance: ['Strengths and weaknesses are internal; opportunities and threats come from the market.'],
          table: {
            columns: ['', 'Helpful', 'Harmful'],
            rows: [
              ['Internal', 'Strengths: [what you do better than others]', 'Weaknesses: [where you fall short]'],
              ['External', 'Opportunities: [trends you can use]', 'Threats: [what could hurt you]'],
            ],
            widths: [2, 4, 4],
          },
        },
        {
          heading: 'Competitors',
          guidance: ['Name your main competitors, how they position themselves and where you can win against them.'],
        },
      ],
    },
    {
      heading: 'Target Audience',
      guidance: [
        'Describe the customers you are trying to reach: their role or demographics, their needs, where they look for information and what makes them buy.',
        'Two or three short personas are usually more useful than one broad description.',
      ],
      bullets: ['Persona 1: [name, role, main need]', 'Persona 2: [name, role, main need]'],
    },
    {
      heading: 'Positioning & Key Messages',
      guidance: [
        'Write one positioning statement: for [audience] who [need], [product] is the [category] that [main benefit], unlike [alternative].',
        'Then list the three messages every campaign should reinforce, each backed by a proof point.',
      ],
    },
    {
      heading: 'Marketing Mix',
      subsections: [
        { heading: 'Product', guidance: ['What you offer, and which features or packages this plan will promote.'] },
        { heading: 'Price', guidance: ['Your pricing, discounts and how price supports your positioning.'] },
        { heading: 'Place', guidance: ['Where and how customers buy: online, through partners, in store or direct.'] },
        { heading: 'Promotion', guidance: ['The campaigns and content that will build awareness and demand.'] },
      ],
    },
    {
      heading: 'Channels & Tactics',
      guidance: ['List each channel, what you will do there, who owns it and what it will cost.'],
      table: {
        columns: ['Channel', 'Tactic', 'Owner', 'Budget'],
        rows: [
          ['Email', '[e.g. monthly newsletter]', '[Name]', ''],
          ['Social media', '', '[Name]', ''],
          ['Events', '', '[Name]', ''],
        ],
        widths: [2, 4, 2, 2],
      },
    },
    {
      heading: 'Budget',
      guidance: [
        'Give the total marketing budget and how it is split across channels and quarters. Keep a reserve for testing what works.',
      ],
    },
    {
      heading: 'Timeline',
      guidance: ['Lay out the main campaigns and launches by month or quarter so that teams can plan around them.'],
      table: {
        columns: ['Quarter', 'Campaigns and activities'],
        rows: [['Q1', ''], ['Q2', ''], ['Q3', ''], ['Q4', '']],
        widths: [1, 5],
      },
    },
    {
      heading: 'KPIs & Measurement',
      guidance: ['For each objective, name the metric, the current value, the target and how often you will report on it.'],
      table: {
        columns: ['Metric', 'Current', 'Target', 'Review'],
        rows: [
          ['[e.g. qualified leads per month]', '', '', 'Monthly'],
          ['[e.g. cost per acquisition]', '', '', 'Quarterly'],
        ],
        widths: [4, 2, 2, 2],
      },
    },
  ],
};
