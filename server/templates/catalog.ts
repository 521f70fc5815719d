/**
 * The templates Redraft seeds on first boot. `build` is deterministic, so a seeder can compare
 * the bytes (or their hash) with what it stored earlier and skip or refresh accordingly.
 */
import { businessPlan } from './business-plan';
import { buildTemplateDocx } from './docx-builder';
import { marketingPlan } from './marketing-plan';
import { projectProposal } from './project-proposal';

export type TemplateDefinition = {
  name: string;
  description: string;
  category: string;
  filename: string;
  build: () => Uint8Array;
};

export const TEMPLATES: TemplateDefinition[] = [
  {
    name: businessPlan.title,
    description: businessPlan.description,
    category: 'business',
    filename: 'business-plan.docx',
    build: () => buildTemplateDocx(businessPlan),
  },
  {
    name: projectProposal.title,
    description: projectProposal.description,
    category: 'project',
    filename: 'project-proposal.docx',
    build: () => buildTemplateDocx(projectProposal),
  },
  {
    name: marketingPlan.title,
    description: marketingPlan.description,
    category: 'marketing',
    filename: 'marketing-plan.docx',
    build: () => buildTemplateDocx(marketingPlan),
  },
];
