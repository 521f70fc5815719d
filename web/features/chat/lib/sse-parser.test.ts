import { describe, expect, it } from 'vitest';
import { createSseParser, type SseEvent } from './sse-parser';

function parse(chunks: string[]) {
  const events: SseEvent[] = [];
  const parser = createSseParser((e) => events.push(e));
  for (const chunk of chunks) parser.push(chunk);
  parser.end();
  return events;
}

describe('createSseParser', () => {
  it('reads named events with JSON data', () => {
    expect(parse(['event: token\ndata: {"text":"Hel"}\n\nevent: token\ndata: {"text":"lo"}\n\nevent: done\ndata: {"id":1}\n\n'])).toEqual([
      { event: 'token', data: '{"text":"Hel"}' },
      { event: 'token', data: '{"text":"lo"}' },
      { event: 'done', data: '{"id":1}' },
    ]);
  });

  it('reassembles events split anywhere across chunks, including between \\r and \\n', () => {
    const text = 'event: token\r\ndata: {"text":"a b"}\r\n\r\nevent: done\r\ndata: {}\r\n\r\n';
    const whole = parse([text]);
    for (let cut = 1; cut < text.length; cut += 1) {
      expect(parse([text.slice(0, cut), text.slice(cut)])).toEqual(whole);
    }
    expect(whole).toEqual([
      { event: 'token', data: '{"text":"a b"}' },
      { event: 'done', data: '{}' },
    ]);
  });

  it('joins data lines, ignores comments and unknown fields, defaults the event name', () => {
    expect(parse([': keep-alive\n\ndata: one\ndata: two\nid: 7\n\n'])).toEqual([{ event: 'message', data: 'one\ntwo' }]);
  });

  it('dispatches a last event that lost its blank line when the stream ends', () => {
    expect(parse(['event: error\ndata: {"code":"x"}'])).toEqual([{ event: 'error', data: '{"code":"x"}' }]);
  });
});
