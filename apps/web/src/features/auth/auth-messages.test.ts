import { describe, expect, it } from 'vitest';
import {
  describeAuthError,
  describeRedirectError,
  passwordResetSuccess,
  signInSuccess,
  signOutSuccess,
  signUpSuccess,
} from './auth-messages';

describe('describeAuthError (spec section 8)', () => {
  it("turns invalid_credentials into 'Email ou senha incorretos' under 'Erro no login'", () => {
    expect(
      describeAuthError('signIn', { code: 'invalid_credentials', message: 'Invalid login credentials', status: 400 }),
    ).toEqual({ title: 'Erro no login', description: 'Email ou senha incorretos' });
  });

  it("still knows the spec's 'Invalid login credentials' from a server that sends no code", () => {
    expect(describeAuthError('signIn', { message: 'Invalid login credentials', status: 400 }).description).toBe(
      'Email ou senha incorretos',
    );
  });

  it("says any other sign-in error's code in Portuguese, not the server's English message", () => {
    expect(describeAuthError('signIn', { code: 'email_not_confirmed', message: 'Email not confirmed' })).toEqual({
      title: 'Erro no login',
      description: 'Confirme seu e-mail antes de entrar: abra o link que enviamos para ele.',
    });
  });

  it("turns user_already_exists into 'Usuário já cadastrado' with the recovery hint", () => {
    expect(describeAuthError('signUp', { code: 'user_already_exists', message: 'User already registered' })).toEqual({
      title: 'Usuário já cadastrado',
      description: 'Este email já possui uma conta. Faça login ou use a opção de recuperar senha.',
    });
  });

  it("titles other sign-up errors 'Erro no cadastro', with their code's text", () => {
    expect(
      describeAuthError('signUp', { code: 'weak_password', message: 'Password should be at least 6 characters.' }),
    ).toEqual({ title: 'Erro no cadastro', description: 'Senha fraca: use de 6 a 72 caracteres.' });
  });

  it("gives the sign-up's title only to the sign-up", () => {
    expect(describeAuthError('signIn', { code: 'user_already_exists', message: 'User already registered' }).title).toBe(
      'Erro no login',
    );
  });

  it('titles Google and sign-out errors as the spec says', () => {
    expect(describeAuthError('google', { code: 'provider_disabled', message: 'Unsupported provider' })).toEqual({
      title: 'Erro no login com Google',
      description: 'O login com Google não está disponível agora.',
    });
    expect(
      describeAuthError('signOut', { name: 'AuthRetryableFetchError', status: 0, message: 'Failed to fetch' }),
    ).toEqual({
      title: 'Erro ao sair',
      description: 'Sem conexão com o servidor. Verifique sua internet e tente de novo.',
    });
  });

  it("falls back to 'Erro inesperado' when no code can be told", () => {
    expect(describeAuthError('signIn', undefined)).toEqual({ title: 'Erro no login', description: 'Erro inesperado' });
    expect(describeAuthError('signUp', { message: 'Something odd' }).description).toBe('Erro inesperado');
    expect(describeAuthError('google', 42).description).toBe('Erro inesperado');
  });
});

describe('success toasts', () => {
  it('welcomes to the product by name after sign-in', () => {
    expect(signInSuccess()).toEqual({ title: 'Login realizado com sucesso!', description: 'Bem-vindo ao Sonhário' });
  });

  it('asks to confirm the e-mail after sign-up, unless the server signed the user in at once', () => {
    expect(signUpSuccess(false)).toEqual({
      title: 'Cadastro realizado!',
      description: 'Verifique seu email para confirmar a conta.',
    });
    expect(signUpSuccess(true)).toEqual({ title: 'Cadastro realizado!', description: 'Bem-vindo ao Sonhário' });
  });

  it('says goodbye after sign-out and confirms a new password', () => {
    expect(signOutSuccess()).toEqual({ title: 'Logout realizado', description: 'Até logo!' });
    expect(passwordResetSuccess().title).toBe('Senha redefinida!');
  });
});

describe('describeRedirectError', () => {
  it('explains an expired or garbled e-mail link in Portuguese', () => {
    expect(
      describeRedirectError({
        error: 'access_denied',
        code: 'otp_expired',
        description: 'Email link is invalid or has expired',
      }),
    ).toEqual({
      title: 'Link inválido ou expirado',
      description: 'Solicite um novo link de confirmação ou de recuperação de senha.',
    });
  });

  it("says other link errors and Google errors by their code, not the server's description", () => {
    expect(
      describeRedirectError({
        error: 'access_denied',
        code: 'over_request_rate_limit',
        description: 'Request rate limit reached',
      }),
    ).toEqual({
      title: 'Não foi possível usar o link',
      description: 'Muitas tentativas seguidas. Aguarde um pouco e tente de novo.',
    });
    expect(
      describeRedirectError({
        error: 'invalid_request',
        code: 'provider_disabled',
        description: 'Unsupported provider: provider is not enabled',
      }),
    ).toEqual({ title: 'Erro no login com Google', description: 'O login com Google não está disponível agora.' });
    expect(describeRedirectError({ error: 'server_error', code: null, description: 'Boom' }).description).toBe(
      'Erro inesperado',
    );
  });
});
