/**
 * Server-sent events over a hijacked reply: Fastify steps aside and we write `event:`/`data:`
 * frames straight to the socket as the answer arrives.
 */
import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';

export function wantsEventStream(request: FastifyRequest): boolean {
  const accept = request.headers.accept ?? '';
  return accept.split(',').some((type) => type.split(';')[0]!.trim().toLowerCase() === 'text/event-stream');
}

/** Fires when the client disconnects before the response is complete, so the model call can stop. */
export function clientGone(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
}

export type EventStream = {
  send: (event: string, data: unknown) => void;
  end: () => void;
  /** Aborted when the client goes away. */
  signal: AbortSignal;
};

export function openEventStream(request: FastifyRequest, reply: FastifyReply): EventStream {
  const signal = clientGone(reply);
  reply.hijack();
  const res = reply.raw;
  // Headers set through Fastify so far; helmet's are already on the raw response.
  const earlier: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) earlier[name] = value;
  res.writeHead(200, {
    ...earlier,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    // Tells nginx and similar proxies not to buffer the stream.
    'x-accel-buffering': 'no',
    'x-request-id': request.id,
  });
  const open = () => !res.writableEnded && !res.destroyed;
  // Events made in the same turn of the event loop (a model's chunks often come several to a
  // packet) leave in one write: each write is a system call, and on a virtual machine those cost
  // tens of microseconds each. The next turn comes at once, so no token waits.
  let corked = false;
  const uncork = () => {
    corked = false;
    // end() sends what is corked and lets the socket go: it must not be uncorked again.
    if (!res.writableEnded) res.uncork();
  };
  return {
    signal,
    send: (event, data) => {
      if (!open()) return;
      if (!corked) {
        corked = true;
        res.cork();
        setImmediate(uncork);
      }
      res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    end: () => {
      if (open()) res.end();
    },
  };
}
