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
  it("turns 'Invalid login credentials' into 'Email ou senha incorretos' under 'Erro no login'", () => {
    expect(describeAuthError('signIn', { message: 'Invalid login credentials', status: 400 })).toEqual({
      title: 'Erro no login',
      description: 'Email ou senha incorretos',
    });
  });

  it('shows any other sign-in message as received', () => {
    expect(describeAuthError('signIn', { message: 'Email not confirmed' })).toEqual({
      title: 'Erro no login',
      description: 'Email not confirmed',
    });
  });

  it("turns 'User already registered' into 'Usuário já cadastrado' with the recovery hint", () => {
    expect(describeAuthError('signUp', { message: 'User already registered' })).toEqual({
      title: 'Usuário já cadastrado',
      description: 'Este email já possui uma conta. Faça login ou use a opção de recuperar senha.',
    });
  });

  it("shows other sign-up messages as received under 'Erro no cadastro'", () => {
    expect(describeAuthError('signUp', { message: 'Password should be at least 6 characters.' })).toEqual({
      title: 'Erro no cadastro',
      description: 'Password should be at least 6 characters.',
    });
  });

  it('maps each message only for its own action', () => {
    expect(describeAuthError('signUp', { message: 'Invalid login credentials' }).description).toBe(
      'Invalid login credentials',
    );
    expect(describeAuthError('signIn', { message: 'User already registered' }).title).toBe('Erro no login');
  });

  it('titles Google and sign-out errors as the spec says, with the message as received', () => {
    expect(describeAuthError('google', { message: 'Unsupported provider: provider is not enabled' })).toEqual({
      title: 'Erro no login com Google',
      description: 'Unsupported provider: provider is not enabled',
    });
    expect(describeAuthError('signOut', new Error('Failed to fetch'))).toEqual({
      title: 'Erro ao sair',
      description: 'Failed to fetch',
    });
  });

  it("falls back to 'Erro inesperado' for an exception without a message", () => {
    expect(describeAuthError('signIn', undefined)).toEqual({ title: 'Erro no login', description: 'Erro inesperado' });
    expect(describeAuthError('signUp', { message: '' }).description).toBe('Erro inesperado');
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

  it('shows other link errors and Google errors as received', () => {
    expect(
      describeRedirectError({
        error: 'access_denied',
        code: 'over_request_rate_limit',
        description: 'Request rate limit reached',
      }),
    ).toEqual({ title: 'Não foi possível usar o link', description: 'Request rate limit reached' });
    expect(
      describeRedirectError({
        error: 'invalid_request',
        code: 'provider_disabled',
        description: 'Unsupported provider: provider is not enabled',
      }),
    ).toEqual({ title: 'Erro no login com Google', description: 'Unsupported provider: provider is not enabled' });
  });
});
