import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApiErrorBodySchema } from '@common/errors';
import { type ChatErrorEvent, ChatMessageListSchema, ChatMessageSchema, SendChatMessageSchema } from '@common/schemas/chat';
import { DocumentIdParamsSchema } from '@common/schemas/documents';
import type { Deps } from '../../deps';
import { CHAT_BODY_BYTES } from '../../http/body-policy';
import { body } from '../../http/error-handler';
import { requireUser } from '../auth/auth-guard';
import { admitChat } from '../rate-limit/admission';
import * as chat from './chat.service';
import { clientGone, openEventStream, wantsEventStream } from './sse';

export function chatRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const params = DocumentIdParamsSchema;

  r.get('/api/documents/:id/chat', { schema: { params, response: { 200: ChatMessageListSchema } } }, async (request) =>
    chat.listMessages(deps, requireUser(request), request.params.id),
  );

  r.post(
    '/api/documents/:id/chat',
    {
      schema: { params, body: SendChatMessageSchema, response: { 201: ChatMessageSchema, 502: ApiErrorBodySchema, 504: ApiErrorBodySchema } },
      bodyLimit: CHAT_BODY_BYTES,
    },
    async (request, reply) => {
      await admitChat(deps, request);
      // Ownership, validation and storing the user's message happen before any stream opens, so those errors are plain JSON.
      const turn = await chat.startTurn(deps, requireUser(request), request.params.id, request.body);
      if (wantsEventStream(request)) return streamTurn(deps, turn, openEventStream(request, reply));
      const { message, failure } = await chat.answerTurn(deps, turn, { signal: clientGone(reply) });
      if (!failure) return reply.status(201).send(message);
      return reply.status(failure.status).send(body(failure.code, failure.message, { chatMessage: message }));
    },
  );
}

async function streamTurn(deps: Deps, turn: chat.Turn, stream: ReturnType<typeof openEventStream>) {
  try {
    const { message, failure } = await chat.answerTurn(deps, turn, { onToken: (text) => stream.send('token', { text }), signal: stream.signal });
    if (failure) stream.send('error', { code: failure.code, message: failure.message, chatMessage: message } satisfies ChatErrorEvent);
    else stream.send('done', message);
  } catch (err) {
    deps.log.error({ err, documentId: turn.documentId }, 'chat stream failed');
    stream.send('error', { code: 'internal', message: 'The answer could not be saved. Your message was kept; try again.' } satisfies ChatErrorEvent);
  } finally {
    stream.end();
  }
}
