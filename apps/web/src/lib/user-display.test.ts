import { describe, expect, it } from 'vitest';
import { getDisplayName, getInitials } from './user-display';

describe('getDisplayName', () => {
  it('uses the first name from the user metadata', () => {
    expect(getDisplayName({ email: 'ana@example.com', user_metadata: { first_name: 'Ana', last_name: 'Lima' } })).toBe(
      'Ana',
    );
  });

  it('falls back to the part of the e-mail before the @', () => {
    expect(getDisplayName({ email: 'joao.silva@example.com', user_metadata: {} })).toBe('joao.silva');
    expect(getDisplayName({ email: 'bia@example.com', user_metadata: { first_name: '   ' } })).toBe('bia');
  });

  it("falls back to 'Usuário' without a name or e-mail", () => {
    expect(getDisplayName({ email: null, user_metadata: null })).toBe('Usuário');
    expect(getDisplayName({ email: '@example.com' })).toBe('Usuário');
    expect(getDisplayName(null)).toBe('Usuário');
  });

  it('ignores a first name that is not text', () => {
    expect(getDisplayName({ email: 'leo@example.com', user_metadata: { first_name: 42 } })).toBe('leo');
  });
});

describe('getInitials', () => {
  it('takes the first letters of first and last name, uppercased', () => {
    expect(getInitials({ email: 'x@example.com', user_metadata: { first_name: 'ana', last_name: 'lima' } })).toBe('AL');
    expect(getInitials({ user_metadata: { first_name: 'Íris', last_name: 'Ávila' } })).toBe('ÍÁ');
  });

  it('uses the first two words of the display name when there is no last name', () => {
    expect(getInitials({ user_metadata: { first_name: 'Ana Maria' } })).toBe('AM');
    expect(getInitials({ email: 'joao.silva@example.com' })).toBe('JS');
    expect(getInitials({ email: 'maria_clara@example.com' })).toBe('MC');
  });

  it('uses the first two letters of a one-word display name', () => {
    expect(getInitials({ user_metadata: { first_name: 'Beatriz' } })).toBe('BE');
    expect(getInitials({ email: 'tom@example.com' })).toBe('TO');
    expect(getInitials(null)).toBe('US');
  });

  it('always returns at most two letters', () => {
    for (const user of [{ email: 'a@b.c' }, { user_metadata: { first_name: 'Ana Beatriz Costa' } }]) {
      expect(Array.from(getInitials(user)).length).toBeLessThanOrEqual(2);
    }
    expect(getInitials({ email: 'a@b.c' })).toBe('A');
  });
});
