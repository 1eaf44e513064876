import {
  chatStreamEventSchema,
  type ChatSendResult,
  type ChatStreamEvent,
  type ChatThread,
} from '@sonhario/contracts/chat';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestApp } from '../../test/harness.ts';
import { api, queryRows, type TestUser } from '../dreams/dreams.testing.ts';

/** Parses a complete text/event-stream body into contract events (heartbeat comments skipped). */
export function parseChatStream(body: string): ChatStreamEvent[] {
  return body
    .split('\n\n')
    .filter((frame) => frame.trim() && !frame.startsWith(':'))
    .map((frame) => {
      const fields = Object.fromEntries(
        frame
          .split('\n')
          .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trimStart()]),
      );
      return chatStreamEventSchema.parse({ event: fields.event, data: JSON.parse(fields.data ?? 'null') });
    });
}

export async function startThread(
  t: TestApp,
  user: TestUser,
  body: { kind: 'journal' } | { kind: 'dream'; dreamId: string },
): Promise<ChatThread> {
  const res = await api(t, user).post('/chat/threads', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ChatThread>();
}

export const sendMessage = (t: TestApp, user: TestUser | null, threadId: string, content: string, stream = false) =>
  api(t, user).post(`/chat/threads/${threadId}/messages`, { content }, stream ? { accept: 'text/event-stream' } : {});

/** Sends and expects an answer (201), returning it. */
export async function chat(t: TestApp, user: TestUser, threadId: string, content: string): Promise<ChatSendResult> {
  const res = await sendMessage(t, user, threadId, content);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ChatSendResult>();
}

/** What the database holds of a user's chat: conversations, messages (sealed) and usage rows. */
export async function chatRowsOf(t: TestApp, userId: string) {
  const [threads, messages, usage] = await Promise.all([
    queryRows<{ id: string; title_enc: Buffer; summary_enc: Buffer | null; summarized_through: number }>(
      t.database.db,
      sql`select id, title_enc, summary_enc, summarized_through from chat_threads where user_id = ${userId}`,
    ),
    queryRows<{ id: string; body_enc: Buffer }>(
      t.database.db,
      sql`select id, body_enc from chat_messages where user_id = ${userId} order by thread_id, seq`,
    ),
    queryRows<{ id: string }>(t.database.db, sql`select id from chat_usage where user_id = ${userId}`),
  ]);
  return { threads, messages, usage: usage.length };
}
