import { openText, sealText, type UserKeys } from '../keys/keys.crypto.ts';

// What a user wrote to support, and the operator's answer, sealed with the user's key like dream text
// (dreams.sealing.ts) and bound to the message, the field and the user: a blob copied to another row, field or user
// no longer opens.

type SupportField = 'subject' | 'message' | 'answer';

const supportAad = (userId: string, id: string, field: SupportField) => `support:${id}:${field}|user:${userId}`;

export const sealSupportField = (keys: UserKeys, userId: string, id: string, field: SupportField, text: string) =>
  sealText(keys.encryption, text, supportAad(userId, id, field));

export const openSupportField = (keys: UserKeys, userId: string, id: string, field: SupportField, blob: Buffer) =>
  openText(keys.encryption, blob, supportAad(userId, id, field));
