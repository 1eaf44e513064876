import type { ChatDreamRef } from '@sonhario/contracts/chat';
import { openText, sealText, type UserKeys } from '../keys/keys.crypto.ts';

/**
 * How the chat's words are sealed (docs/decisions/035): under the user's encryption key, each blob bound to its
 * user and row (a title to its conversation and field, a message to its conversation and id), so a blob copied to
 * another row, field or account does not open.
 */
type ThreadField = 'title' | 'summary';

const threadAad = (userId: string, threadId: string, field: ThreadField) =>
  `chat-thread:${threadId}:${field}|user:${userId}`;
const messageAad = (userId: string, row: { id: string; threadId: string }) =>
  `chat-message:${row.id}|thread:${row.threadId}|user:${userId}`;

export const sealThreadField = (keys: UserKeys, userId: string, threadId: string, field: ThreadField, text: string) =>
  sealText(keys.encryption, text, threadAad(userId, threadId, field));

export const openThreadField = (keys: UserKeys, userId: string, threadId: string, field: ThreadField, blob: Buffer) =>
  openText(keys.encryption, blob, threadAad(userId, threadId, field));

/** A message's sealed body: the words, the dreams the answer named, and whether the user's words showed distress. */
export interface MessageBody {
  content: string;
  dreamRefs: ChatDreamRef[];
  distress: boolean;
}

export const sealMessageBody = (
  keys: UserKeys,
  userId: string,
  row: { id: string; threadId: string },
  body: MessageBody,
) => sealText(keys.encryption, JSON.stringify(body), messageAad(userId, row));

export const openMessageBody = (
  keys: UserKeys,
  userId: string,
  row: { id: string; threadId: string; bodyEnc: Buffer },
): MessageBody => JSON.parse(openText(keys.encryption, row.bodyEnc, messageAad(userId, row))) as MessageBody;
