import { describe, expect, it } from 'vitest';
import { describeTimeZone, listTimeZones, searchTimeZones } from './time-zones';

describe('time zones', () => {
  it('describes a zone by its city and its offset now', () => {
    const winter = new Date('2026-01-15T12:00:00Z');
    expect(describeTimeZone('America/Sao_Paulo', winter)).toMatchObject({ city: 'Sao Paulo', offset: 'GMT-03:00' });
    expect(describeTimeZone('America/Argentina/Buenos_Aires', winter)).toMatchObject({ city: 'Buenos Aires' });
    expect(describeTimeZone('Asia/Kolkata', winter)).toMatchObject({ offset: 'GMT+05:30' });
    expect(describeTimeZone('UTC', winter)).toMatchObject({ city: 'UTC', offset: 'GMT+00:00' });
  });

  it('lists every zone the runtime knows, UTC included, alphabetically', () => {
    const ids = listTimeZones().map((zone) => zone.id);
    expect(ids.length).toBeGreaterThan(300);
    expect(ids).toContain('UTC');
    expect(ids).toContain('America/Sao_Paulo');
    // Current IANA names, even where the runtime lists the old ones (V8: Asia/Calcutta, Europe/Kiev).
    expect(ids).toContain('Asia/Kolkata');
    expect(ids).toContain('Europe/Kyiv');
    expect(ids).not.toContain('Asia/Calcutta');
    expect([...ids].sort((a, b) => a.localeCompare(b))).toEqual(ids);
  });

  it('finds zones by city with or without accents, by region, and by offset as people write it', () => {
    const zones = listTimeZones();
    const ids = (query: string) => searchTimeZones(zones, query).map((zone) => zone.id);
    expect(ids('São Paulo')).toEqual(['America/Sao_Paulo']);
    expect(ids('sao_paulo')).toEqual(['America/Sao_Paulo']);
    expect(ids('america noronha')).toEqual(['America/Noronha']);
    expect(ids('utc+5:30 kolkata')).toEqual(['Asia/Kolkata']);
    expect(ids('GMT+9 Tokyo')).toEqual(['Asia/Tokyo']);
    expect(ids('  ')).toHaveLength(zones.length);
    expect(ids('atlântida')).toEqual([]);
  });
});
