import { ValidationError } from './errors.ts';

/** A position in a newest-first list ordered by (instant, id): ledgers, analyses. */
export interface InstantPosition {
  createdAt: Date;
  id: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An opaque cursor for the item a page ended with. */
export function encodeInstantCursor(position: { createdAt: string; id: string }): string {
  return Buffer.from(JSON.stringify([position.createdAt, position.id])).toString('base64url');
}

/** Reads a cursor back; anything else than what encodeInstantCursor wrote (or a date the database refuses) is a 400. */
export function decodeInstantCursor(cursor: string): InstantPosition {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(value) && value.length === 2 && typeof value[0] === 'string' && typeof value[1] === 'string') {
      const createdAt = new Date(value[0]);
      const year = createdAt.getUTCFullYear();
      if (!Number.isNaN(createdAt.getTime()) && year >= 1 && year <= 9999 && UUID.test(value[1]))
        return { createdAt, id: value[1] };
    }
  } catch {
    // falls through to the error below
  }
  throw new ValidationError('Cursor inválido', [{ path: 'querystring.cursor', message: 'Cursor inválido' }]);
}
