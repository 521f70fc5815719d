/**
 * What component tests share: the providers the app wraps every screen in, and the network
 * boundary. A component's server is outside it, so `fetch` is replaced by a function answering
 * with real `Response` objects, a chat answer as a streamed `text/event-stream` body.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { DOCX_MIME_TYPE } from '@common/limits';
import type { Document } from '@common/schemas/documents';
import { Toaster } from '@web/components/ui/toaster';
import { createQueryClient } from '@web/lib/query-client';

/**
 * Renders `ui` as the app does: a fresh query client of the app's settings, and the app's toast
 * region, here loaded from the start (the app loads it with the first toast) so that a toast
 * shows, or is seen not to show, without waiting for a chunk.
 */
export function renderWithProviders(ui: ReactElement) {
  const queryClient = createQueryClient();
  const view = render(
    <QueryClientProvider client={queryClient}>
      {ui}
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...view, queryClient };
}

type Route = (url: string, init: RequestInit) => Response | Promise<Response> | undefined;

/** Replaces `fetch`; a request no route answers fails the test loudly rather than hanging. */
export function stubFetch(route: Route) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const response = await route(url, init);
    if (!response) throw new Error(`Unexpected request: ${init.method ?? 'GET'} ${url}`);
    return response;
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export const jsonResponse = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * A server-sent-events answer whose events the test sends one at a time (`send`), then ends
 * (`close`): what the page shows between two events is what a user sees while the answer streams.
 */
export function eventStream() {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  return {
    response: () => new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } }),
    send: (event: string, data: unknown) => controller.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`)),
    close: () => controller.close(),
  };
}

/** A promise the test settles when it chooses, to hold a request open. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

/** A processed document as the API describes it (id 9, 'Lease.docx', version 3), with what a test needs changed. */
export function aDocument(overrides: Partial<Document> = {}): Document {
  return {
    id: 9,
    filename: 'f00d.docx',
    originalName: 'Lease.docx',
    fileSize: 4,
    mimeType: DOCX_MIME_TYPE,
    status: 'complete',
    statusReason: null,
    userId: 1,
    uploadedAt: '2025-03-01T10:00:00.000Z',
    processedAt: '2025-03-01T10:00:01.000Z',
    lastOpenedAt: null,
    archivedAt: null,
    wordCount: 120,
    currentVersion: 3,
    ...overrides,
  };
}
