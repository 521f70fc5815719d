import Fastify from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { OkSchema, UserSchema } from '@common/schemas/auth';
import { DocumentListSchema } from '@common/schemas/documents';
import { HealthSchema } from '@common/schemas/health';
import { installResponseSerializer, shapeSchema } from './response-serializer';

/** Strings JSON escapes in every way it can: quotes, backslashes, controls, lone surrogates, long runs. */
const awkward = [
  '',
  'plain',
  'say "hi" \\ there',
  'tab\tnew\nline\u0001\u001f',
  'lone \ud800 and \udfff surrogates, a pair 😀',
  'Résumé — 合同 </script><!--',
  `${'x'.repeat(41)}"`,
  `${'long '.repeat(1200)}\u2028\u2029"`,
  'y'.repeat(6000),
];

const doc = (i: number, text: string) => ({
  id: i,
  filename: text,
  originalName: text,
  fileSize: 1234 + i,
  mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  status: 'complete',
  statusReason: i % 2 ? null : text,
  userId: i % 3 ? 7 : null,
  uploadedAt: '2025-11-25T21:54:20.123Z',
  processedAt: i % 2 ? null : '2025-11-25T21:54:21.000Z',
  lastOpenedAt: null,
  archivedAt: null,
  wordCount: i % 2 ? 300 : null,
  currentVersion: 2,
  // Not in the schema: both serializers leave it out.
  plainText: 'secret text',
});

/** The same route and value through Fastify with our serializer, and through zod's, byte for byte. */
async function bothWays(schema: z.ZodType, value: unknown) {
  const ours = Fastify();
  installResponseSerializer(ours);
  ours.get('/', { schema: { response: { 200: schema } } }, async () => value);
  const zods = Fastify();
  zods.setSerializerCompiler(zodSerializerCompiler);
  zods.get('/', { schema: { response: { 200: schema } } }, async () => value);
  const [a, b] = await Promise.all([ours.inject('/'), zods.inject('/')]);
  await Promise.all([ours.close(), zods.close()]);
  return { ours: a, zods: b };
}

describe('response serialization from the zod schemas', () => {
  it('writes the document list byte for byte as zod did, dropping keys the schema does not name', async () => {
    const value = awkward.map((text, i) => doc(i + 1, text));
    const { ours, zods } = await bothWays(DocumentListSchema, value);
    expect(ours.statusCode).toBe(200);
    expect(ours.body).toBe(zods.body);
    expect(ours.body).not.toContain('secret text');
    expect(ours.headers['content-type']).toBe(zods.headers['content-type']);
  });

  it('writes the user, health and ok answers byte for byte as zod did', async () => {
    const user = { id: 1, email: 'a"b@example.com', name: 'Ann \\ O\u0001', role: 'staff', createdAt: '2025-01-01T00:00:00.000Z', isDemo: false };
    for (const [schema, value] of [
      [UserSchema, user],
      [HealthSchema, { status: 'ok', db: 'pglite', ai: 'offline', editor: 'embedded' }],
      [OkSchema, { ok: true }],
    ] as const) {
      const { ours, zods } = await bothWays(schema, value);
      expect(ours.body).toBe(zods.body);
    }
  });

  it('takes the compiled path only for schemas that describe shape alone', () => {
    expect(shapeSchema(DocumentListSchema)).toMatchObject({ type: 'array', items: { type: 'object', additionalProperties: false } });
    expect(shapeSchema(z.object({ a: z.string().nullable() }))).toEqual({
      type: 'object',
      properties: { a: { type: 'string', nullable: true } },
      required: ['a'],
      additionalProperties: false,
    });
    expect(shapeSchema(z.union([z.object({ a: z.string() }), z.object({ b: z.number() })]))).toBeUndefined();
    expect(shapeSchema(z.object({ details: z.unknown() }))).toBeUndefined();
    expect(shapeSchema(z.record(z.string(), z.number()))).toBeUndefined();
    expect(shapeSchema(z.looseObject({ a: z.string() }))).toBeUndefined();
    expect(shapeSchema(z.object({ a: z.string().default('x') }))).toBeUndefined();
    expect(shapeSchema(z.object({ at: z.date() }))).toBeUndefined();
  });

  it('keeps zod for a route whose answers are more than shape, with the same bytes', async () => {
    const schema = z.union([z.object({ kind: z.literal('a'), n: z.number() }), z.object({ kind: z.literal('b'), s: z.string() })]);
    const { ours, zods } = await bothWays(schema, { kind: 'b', s: 'x "y"', extra: 1 });
    expect(ours.statusCode).toBe(200);
    expect(ours.body).toBe(zods.body);
    expect(ours.body).toBe('{"kind":"b","s":"x \\"y\\""}');
  });
});
