// A conversation's and a message's rows as the API shows them, opened with the user's keys.

import { ANALYSIS_PROVIDERS, type AnalysisProviderId } from '@sonhario/contracts/analyses';
import type { ChatMessage, ChatThread } from '@sonhario/contracts/chat';
import { openDreamSummary } from '../dreams/dreams.sealing.ts';
import type { UserKeys } from '../keys/keys.crypto.ts';
import type { MessageRow, ThreadRow } from './chat.repository.ts';
import { openThreadField, type MessageBody } from './chat.sealing.ts';

const oneOf = <T extends string>(list: readonly T[], value: string, fallback: T): T =>
  (list as readonly string[]).includes(value) ? (value as T) : fallback;

export function toThread(keys: UserKeys, userId: string, row: ThreadRow): ChatThread {
  return {
    id: row.id,
    kind: row.kind === 'dream' ? 'dream' : 'journal',
    dream:
      row.dreamId && row.dreamSummaryEnc && row.dreamtOn
        ? {
            id: row.dreamId,
            title: openDreamSummary(keys, userId, row.dreamId, row.dreamSummaryEnc).title,
            dreamtOn: row.dreamtOn,
          }
        : null,
    title: openThreadField(keys, userId, row.id, 'title', row.titleEnc),
    messageCount: row.messageCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toMessage(
  row: Pick<MessageRow, 'id' | 'role' | 'provider' | 'model' | 'createdAt'>,
  body: MessageBody,
): ChatMessage {
  const provider = row.provider ? oneOf<AnalysisProviderId>(ANALYSIS_PROVIDERS, row.provider, 'builtin') : null;
  return {
    id: row.id,
    role: row.role === 'assistant' ? 'assistant' : 'user',
    content: body.content,
    createdAt: row.createdAt.toISOString(),
    provider,
    model: row.model,
    isGenerative: provider !== null && provider !== 'builtin',
    dreamRefs: body.dreamRefs,
    distress: body.distress,
  };
}
