import type { TemplateSpec } from './docx-builder';

export const projectProposal: TemplateSpec = {
  title: 'Project Proposal',
  subtitle: '[Project name] · Prepared for [client or sponsor] · [Date]',
  description: 'A project proposal that sets out the problem, scope, plan, budget and risks for approval.',
  intro: [
    'How to use this template: replace each grey prompt with your own text, then delete the prompt. Write for the person who will approve the project: lead with the outcome, keep the detail in tables.',
  ],
  sections: [
    {
      heading: 'Executive Summary',
      guidance: [
        'In one or two paragraphs, state the problem, the proposed solution, the cost and the expected benefit. End with the decision you are asking for.',
      ],
    },
    {
      heading: 'Background & Problem Statement',
      guidance: [
        'Describe the current situation and what it costs the organisation today, with figures where you have them. Explain why the problem needs solving now.',
      ],
    },
    {
      heading: 'Objectives',
      guidance: ['List the outcomes the project must achieve. Make each one specific and measurable, with a date.'],
      bullets: ['[Objective 1, e.g. reduce processing time from 5 days to 2 by June]', '[Objective 2]', '[Objective 3]'],
    },
    {
      heading: 'Scope',
      guidance: ['Draw a clear boundary around the work so that everyone agrees on what will and will not be delivered.'],
      subsections: [
        { heading: 'In Scope', bullets: ['[Work package or feature]', '[Work package or feature]'] },
        {
          heading: 'Out of Scope',
          guidance: ['Name the things people might reasonably expect but that this project will not do.'],
          bullets: ['[Excluded item]'],
        },
      ],
    },
    {
      heading: 'Approach & Methodology',
      guidance: [
        'Explain how the work will be done: the phases, the method (for example agile sprints or a staged rollout) and how stakeholders will be involved and kept informed.',
      ],
    },
    {
      heading: 'Deliverables',
      guidance: ['List each tangible output the sponsor will receive and how it will be accepted.'],
      table: {
        columns: ['Deliverable', 'Description', 'Acceptance criteria'],
        rows: [
          ['[Deliverable]', '', ''],
          ['[Deliverable]', '', ''],
        ],
      },
    },
    {
      heading: 'Timeline & Milestones',
      guidance: ['Give the start and end dates and the milestones in between. Mark the decision points where the sponsor will review progress.'],
      table: {
        columns: ['Milestone', 'Target date', 'Owner'],
        rows: [
          ['Project kick-off', '[Date]', '[Name]'],
          ['[Milestone]', '[Date]', '[Name]'],
          ['Project close', '[Date]', '[Name]'],
        ],
        widths: [4, 2, 2],
      },
    },
    {
      heading: 'Budget',
      guidance: ['Break the total cost down by category, and note which figures are estimates and how contingency is handled.'],
      table: {
        columns: ['Item', 'Cost', 'Notes'],
        rows: [
          ['Staff', '', ''],
          ['Equipment and software', '', ''],
          ['External services', '', ''],
          ['Contingency', '', ''],
          ['Total', '', ''],
        ],
        widths: [3, 2, 3],
      },
    },
    {
      heading: 'Team & Responsibilities',
      guidance: ['Name the sponsor, the project manager and the core team, and say who makes which decisions.'],
      table: {
        columns: ['Name', 'Role', 'Responsibilities'],
        rows: [
          ['[Name]', 'Sponsor', ''],
          ['[Name]', 'Project manager', ''],
        ],
        widths: [2, 2, 4],
      },
    },
    {
      heading: 'Risks & Mitigation',
      guidance: ['List the main risks, how likely and serious each one is, and what you will do to reduce it.'],
      table: {
        columns: ['Risk', 'Likelihood', 'Impact', 'Mitigation'],
        rows: [['[Risk]', 'Low / Medium / High', 'Low / Medium / High', '']],
        widths: [3, 2, 2, 3],
      },
    },
    {
      heading: 'Success Criteria',
      guidance: ['Describe how you will know the project has succeeded, who will measure it and when.'],
    },
    {
      heading: 'Next Steps & Approval',
      guidance: ['State what you need from the reader, by when, and what happens once the proposal is approved.'],
      bullets: ['Approved by: [name, role]', 'Date: [date]'],
    },
  ],
};
