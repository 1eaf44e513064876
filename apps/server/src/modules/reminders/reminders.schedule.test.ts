import { describe, expect, it } from 'vitest';
import { nextDailyAt, nextRealityCheck, randomRealityTime, zonedInstant } from './reminders.schedule.ts';

describe('local times of reminders', () => {
  it('turns a local date and time into the instant in the zone', () => {
    expect(zonedInstant('2026-06-01', '07:00', 'Europe/Lisbon').toISOString()).toBe('2026-06-01T06:00:00.000Z');
    expect(zonedInstant('2026-01-15', '07:00', 'Europe/Lisbon').toISOString()).toBe('2026-01-15T07:00:00.000Z');
    expect(zonedInstant('2026-06-01', '23:59', 'Asia/Kolkata').toISOString()).toBe('2026-06-01T18:29:00.000Z');
    expect(zonedInstant('2026-06-01', '00:00', 'America/Sao_Paulo').toISOString()).toBe('2026-06-01T03:00:00.000Z');
  });

  it('places a time in the spring-forward gap at the jump, and a repeated time at its first occurrence', () => {
    // Lisbon, 2026-03-29: 01:00 WET becomes 02:00 WEST; 01:30 does not exist.
    expect(zonedInstant('2026-03-29', '01:30', 'Europe/Lisbon').toISOString()).toBe('2026-03-29T01:00:00.000Z');
    // Lisbon, 2026-10-25: 02:00 WEST becomes 01:00 WET; 01:30 happens at 00:30 and at 01:30 UTC.
    expect(zonedInstant('2026-10-25', '01:30', 'Europe/Lisbon').toISOString()).toBe('2026-10-25T00:30:00.000Z');
    // Sydney (southern hemisphere), 2026-10-04: 02:00 AEST becomes 03:00 AEDT.
    expect(zonedInstant('2026-10-04', '02:15', 'Australia/Sydney').toISOString()).toBe('2026-10-03T16:00:00.000Z');
  });

  it('finds the next daily occurrence strictly after an instant', () => {
    const at = (iso: string) => nextDailyAt(new Date(iso), '07:00', 'Europe/Lisbon').toISOString();
    expect(at('2026-06-01T05:59:59Z')).toBe('2026-06-01T06:00:00.000Z');
    expect(at('2026-06-01T06:00:00Z')).toBe('2026-06-02T06:00:00.000Z');
    expect(at('2026-06-01T23:30:00Z')).toBe('2026-06-02T06:00:00.000Z');
  });

  it('spreads reality checks, one in each equal part of the window', () => {
    const window = { count: 4, from: '09:00', to: '21:00' };
    expect([0, 1, 2, 3].map((slot) => randomRealityTime(window, slot, () => 0))).toEqual([
      '09:00',
      '12:00',
      '15:00',
      '18:00',
    ]);
    expect(randomRealityTime(window, 3, (_min, max) => max - 1)).toBe('20:59');
    // Fired today: the next is tomorrow's, even if tomorrow's random minute is earlier than now's.
    const next = nextRealityCheck(new Date('2026-06-01T10:00:00Z'), window, 0, 'UTC', {
      fromDate: '2026-06-02',
      pick: () => 0,
    });
    expect(next.toISOString()).toBe('2026-06-02T09:00:00.000Z');
  });
});
