import { openText, sealText, type UserKeys } from '../keys/keys.crypto.ts';

// What a reward row of the credit ledger was for (the day, the streak's days, the achievement: docs/decisions/026),
// sealed with the user's key and bound to the user and the row's idempotency key, so a detail cannot be moved to
// another row or another user.

const detailAad = (userId: string, idempotencyKey: string) =>
  `credit-ledger:detail|user:${userId}|key:${idempotencyKey}`;

export const sealLedgerDetail = (keys: UserKeys, userId: string, idempotencyKey: string, detail: string) =>
  sealText(keys.encryption, detail, detailAad(userId, idempotencyKey));

export const openLedgerDetail = (keys: UserKeys, userId: string, idempotencyKey: string, sealed: Buffer) =>
  openText(keys.encryption, sealed, detailAad(userId, idempotencyKey));
