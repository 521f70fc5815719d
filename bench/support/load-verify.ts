/**
 * After the load (bench/load.bench.ts): nothing the server acknowledged is lost. Every upload that
 * answered 201 downloads byte for byte as sent, and every question whose stream opened is in its
 * conversation, with the answer the stream ended with.
 */
import type { ChatAck, UploadAck } from './load-mix';

export type Verdict = { checked: number; lost: string[] };

async function inBatches<T>(items: T[], parallel: number, each: (item: T) => Promise<void>) {
  for (let i = 0; i < items.length; i += parallel) await Promise.all(items.slice(i, i + parallel).map(each));
}

export async function verifyUploads(url: string, uploads: UploadAck[]): Promise<Verdict> {
  const lost: string[] = [];
  await inBatches(uploads, 8, async ({ user, id, bytes }) => {
    const res = await fetch(`${url}/api/documents/${id}/download`, { headers: { cookie: user.cookie } });
    if (!res.ok) return void lost.push(`upload ${id}: download answered ${res.status}`);
    const got = new Uint8Array(await res.arrayBuffer());
    if (!Buffer.from(got).equals(Buffer.from(bytes))) lost.push(`upload ${id}: ${got.length} bytes downloaded, not the ${bytes.length} sent`);
  });
  return { checked: uploads.length, lost };
}

export async function verifyChats(url: string, chats: ChatAck[]): Promise<Verdict> {
  const byConversation = new Map<string, ChatAck[]>();
  for (const chat of chats) {
    const key = `${chat.user.email} ${chat.documentId}`;
    byConversation.set(key, [...(byConversation.get(key) ?? []), chat]);
  }
  const lost: string[] = [];
  await inBatches([...byConversation.values()], 8, async (acks) => {
    const { user, documentId } = acks[0]!;
    const res = await fetch(`${url}/api/documents/${documentId}/chat`, { headers: { cookie: user.cookie } });
    if (!res.ok) return void lost.push(`conversation on document ${documentId}: ${res.status}`);
    const messages = (await res.json()) as Array<{ id: number; role: string; content: string }>;
    const questions = new Set(messages.filter((m) => m.role === 'user').map((m) => m.content));
    const answers = new Set(messages.filter((m) => m.role === 'assistant').map((m) => m.id));
    for (const ack of acks) {
      if (!questions.has(ack.content)) lost.push(`document ${documentId}: question "${ack.content}" missing`);
      if (ack.answerId !== undefined && !answers.has(ack.answerId)) lost.push(`document ${documentId}: answer ${ack.answerId} missing`);
    }
  });
  return { checked: chats.length, lost };
}
