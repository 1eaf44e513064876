import { API_ERROR_CODES } from '@sonhario/contracts/errors';
import { afterEach, describe, expect, it } from 'vitest';
import en from '@/locales/en.json';
import ptBR from '@/locales/pt-BR.json';
import { ApiError } from './api-client';
import { apiErrorMessage, CLIENT_ERROR_CODES } from './api-error-message';
import { applyLanguage } from './preferences';

const sorted = (codes: readonly string[]) => [...codes].sort();

describe('the error texts (locales/*.json errors.api and errors.client)', () => {
  it.each([
    ['pt-BR', ptBR],
    ['en', en],
  ])('%s has a text for every code /api/v1 answers with, and none for a code it does not', (_language, texts) => {
    expect(sorted(Object.keys(texts.errors.api))).toEqual(sorted(API_ERROR_CODES));
    expect(Object.values(texts.errors.api).filter((text) => text.trim() === '')).toEqual([]);
  });

  it.each([
    ['pt-BR', ptBR],
    ['en', en],
  ])('%s has a text for every code the client gives a failure itself, and none for another', (_language, texts) => {
    expect(sorted(Object.keys(texts.errors.client))).toEqual(sorted(CLIENT_ERROR_CODES));
  });
});

describe('apiErrorMessage', () => {
  afterEach(() => applyLanguage('pt-BR'));

  it("says what the code means in the user's language, never the server's message", async () => {
    const conflict = new ApiError(409, 'version_conflict', 'Este sonho foi alterado em outro lugar (versão 3).');
    expect(apiErrorMessage(conflict)).toBe(ptBR.errors.api.version_conflict);

    await applyLanguage('en');
    expect(apiErrorMessage(conflict)).toBe('This dream was changed somewhere else. Reload to see the latest version.');
    expect(apiErrorMessage(new ApiError(0, 'network_error', 'Sem conexão com o servidor.'))).toBe(
      'No connection to the server. Check your internet connection and try again.',
    );
  });

  it('falls back to the generic text for a code this build does not know, by status', () => {
    expect(apiErrorMessage(new ApiError(503, 'maintenance', 'Em manutenção'))).toBe(ptBR.errors.client.server_error);
    expect(apiErrorMessage(new ApiError(418, 'teapot', 'Sou um bule'))).toBe('Erro inesperado');
    expect(apiErrorMessage(new TypeError('Failed to fetch'))).toBe('Erro inesperado');
    expect(apiErrorMessage(undefined)).toBe('Erro inesperado');
  });

  it("takes a screen's own words for a code when it has them", () => {
    const error = new ApiError(400, 'bad_json', 'The chosen file is not JSON');
    expect(apiErrorMessage(error, { bad_json: 'Escolha o arquivo .json' })).toBe('Escolha o arquivo .json');
    expect(apiErrorMessage(error, { not_found: 'Outro' })).toBe(ptBR.errors.api.bad_json);
  });
});
