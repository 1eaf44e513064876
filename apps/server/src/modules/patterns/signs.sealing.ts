// How a pinned sign is sealed: its identity as a blind token under the user's index key, its words sealed.

import type { SignKind } from '@sonhario/contracts/pattern-signs';
import { blindToken } from '../dreams/dreams.search.ts';
import { openText, type UserKeys } from '../keys/keys.crypto.ts';

/** A sign's identity under the user's index key: which signs a user pinned is not readable without the key. */
export const signHashOf = (keys: UserKeys, kind: SignKind, key: string) =>
  blindToken(keys.index, `sign:${kind}:${key}`);
export const pinAad = (userId: string, id: string) => `dream_sign_pin:${id}|user:${userId}`;

export interface SealedSign {
  kind: SignKind;
  key: string;
  label: string;
}

export const openPin = (keys: UserKeys, userId: string, row: { id: string; signEnc: Buffer }) =>
  JSON.parse(openText(keys.encryption, row.signEnc, pinAad(userId, row.id))) as SealedSign;
