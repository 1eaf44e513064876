import type { ListPosition } from './dreams.list.repository.ts';
import { ValidationError } from '../../errors.ts';

/** The journal's page cursors: the last item's night, recording instant and id, opaque to clients (base64url JSON). */

export function encodeCursor(position: { dreamtOn: string; recordedAt: string; id: string }): string {
  return Buffer.from(JSON.stringify([position.dreamtOn, position.recordedAt, position.id])).toString('base64url');
}

export function decodeCursor(cursor: string): ListPosition {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(value) && value.length === 3) {
      const [dreamtOn, recordedAt, id] = value as unknown[];
      const at = typeof recordedAt === 'string' ? new Date(recordedAt) : new Date(Number.NaN);
      // Only values the database accepts: a real calendar date, an instant within years 1–9999.
      const isRealDate = (date: unknown): date is string =>
        typeof date === 'string' &&
        /^\d{4}-\d{2}-\d{2}$/.test(date) &&
        date >= '0001-01-01' &&
        new Date(`${date}T00:00:00Z`).toISOString().startsWith(date);
      if (
        isRealDate(dreamtOn) &&
        !Number.isNaN(at.getTime()) &&
        at.getUTCFullYear() >= 1 &&
        at.getUTCFullYear() <= 9999 &&
        typeof id === 'string' &&
        /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)
      ) {
        return { dreamtOn, recordedAt: at, id };
      }
    }
  } catch {
    // falls through to the error below
  }
  throw new ValidationError('Cursor inválido', [{ path: 'querystring.cursor', message: 'Cursor inválido' }]);
}
