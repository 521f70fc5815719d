import { afterAll, beforeAll, expect, it } from 'vitest';
import { agent, signedIn } from '../../../tests/support/agent';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('seeds the three real templates once', async () => {
  const { agent: a } = await signedIn(t.app);
  const list = (await a.get('/api/templates')).json();
  expect(list.map((x: { name: string }) => x.name)).toEqual(['Business Plan', 'Project Proposal', 'Marketing Plan']);
  expect(list[0]).toMatchObject({ id: expect.any(Number), filename: 'business-plan.docx', createdAt: expect.any(String) });
  expect((await agent(t.app).get('/api/templates')).statusCode).toBe(401);
});

it("creates the user's own processed document from a template and counts the use", async () => {
  const { agent: a } = await signedIn(t.app);
  const { agent: other } = await signedIn(t.app);
  const [businessPlan] = (await a.get('/api/templates')).json();
  const res = await a.post(`/api/templates/${businessPlan.id}/use`);
  expect(res.statusCode).toBe(201);
  expect(res.json()).toMatchObject({ originalName: 'Business Plan.docx', status: 'complete' });
  expect(res.json().wordCount).toBeGreaterThan(100);
  expect((await a.get('/api/documents')).json().map((d: { id: number }) => d.id)).toContain(res.json().id);
  expect((await other.get('/api/documents')).json()).toEqual([]);
  const after = (await a.get('/api/templates')).json();
  expect(after[0].usageCount).toBe(businessPlan.usageCount + 1);
  const text = (await a.get(`/api/documents?q=Executive Summary`)).json();
  expect(text.map((d: { id: number }) => d.id)).toContain(res.json().id);
});

it('answers 404 for an unknown template and 400 for a bad id', async () => {
  const { agent: a } = await signedIn(t.app);
  expect((await a.post('/api/templates/999/use')).statusCode).toBe(404);
  expect((await a.post('/api/templates/x/use')).statusCode).toBe(400);
});
