import { AUTH_ERROR_CODES } from '@sonhario/contracts/errors';
import { afterEach, describe, expect, it } from 'vitest';
import en from '@/locales/en.json';
import ptBR from '@/locales/pt-BR.json';
import { authErrorCode, authErrorMessage } from './auth-error-message';
import { applyLanguage } from './preferences';

const sorted = (codes: readonly string[]) => [...codes].sort();

describe('the auth error texts (locales/*.json errors.auth)', () => {
  it.each([
    ['pt-BR', ptBR],
    ['en', en],
  ])('%s has a text for every code /auth/v1 answers with, and none for a code it does not', (_language, texts) => {
    expect(sorted(Object.keys(texts.errors.auth))).toEqual(sorted(AUTH_ERROR_CODES));
    expect(Object.values(texts.errors.auth).filter((text) => text.trim() === '')).toEqual([]);
  });
});

describe('authErrorMessage', () => {
  afterEach(() => applyLanguage('pt-BR'));

  it("says what the server's code means in the user's language, never GoTrue's English message", async () => {
    const error = {
      name: 'AuthApiError',
      status: 422,
      code: 'same_password',
      message: 'New password should be different',
    };
    expect(authErrorMessage(error)).toBe('A nova senha precisa ser diferente da atual.');
    await applyLanguage('en');
    expect(authErrorMessage(error)).toBe('The new password must be different from the current one.');
  });

  it("keeps the spec's texts word for word in pt-BR", () => {
    expect(authErrorMessage({ status: 400, code: 'invalid_credentials', message: 'Invalid login credentials' })).toBe(
      'Email ou senha incorretos',
    );
    expect(authErrorMessage({ status: 422, code: 'user_already_exists', message: 'User already registered' })).toBe(
      'Este email já possui uma conta. Faça login ou use a opção de recuperar senha.',
    );
  });

  it("recognises the spec's two messages from a server that sends no code", () => {
    expect(authErrorCode({ status: 400, message: 'Invalid login credentials' })).toBe('invalid_credentials');
    expect(authErrorCode({ status: 422, message: 'User already registered' })).toBe('user_already_exists');
  });

  it("says 'no connection' when no answer came, and 'Erro inesperado' when nothing can be told", () => {
    expect(authErrorMessage({ name: 'AuthRetryableFetchError', status: 0, message: 'Failed to fetch' })).toBe(
      ptBR.errors.client.network_error,
    );
    expect(authErrorMessage({ status: 500, code: 'something_new', message: 'Database unavailable' })).toBe(
      'Erro inesperado',
    );
    expect(authErrorMessage(new Error('boom'))).toBe('Erro inesperado');
    expect(authErrorMessage(undefined)).toBe('Erro inesperado');
  });
});
