import { AuthRetryableFetchError, type SupabaseClient } from '@supabase/supabase-js';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createListeningTestApp, freePort, readOutbox, type TestApp } from '../../test/harness.ts';
import {
  followLink,
  fragmentOf,
  parseMail,
  PASSWORD,
  supabaseFor,
  uniqueEmail,
  type ParsedMail,
} from './auth.testing.ts';
import { getApiKeys } from './auth.tokens.ts';

// E-mail delivery through a real SMTP server on loopback: the message is parsed like a mail client would, and the
// link inside is followed.
describe('auth e-mail over SMTP', () => {
  let t: TestApp & { url: string };
  let smtp: SMTPServer;
  let supabase: SupabaseClient;
  const inbox: { to: string[]; from: string; mail: ParsedMail }[] = [];
  const refused = new Set<string>();

  beforeAll(async () => {
    const port = await freePort();
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onRcptTo(address, _session, callback) {
        callback(refused.has(address.address) ? new Error('mailbox unavailable') : undefined);
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          inbox.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            mail: parseMail(Buffer.concat(chunks).toString('utf8')),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', resolve));
    t = await createListeningTestApp({
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      SMTP_FROM: 'Sonhário <no-reply@sonhario.test>',
    });
    supabase = supabaseFor(t.url, getApiKeys(t.app.deps.secrets).anonKey);
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('sends the pt-BR confirmation e-mail, plain text and HTML, whose link confirms the account', async () => {
    const email = uniqueEmail();
    const { error } = await supabase.auth.signUp({
      email,
      password: PASSWORD,
      options: { emailRedirectTo: `${t.url}/` },
    });
    expect(error).toBeNull();
    const received = inbox.find((m) => m.to.includes(email));
    expect(received?.from).toBe('no-reply@sonhario.test');
    const { mail } = received!;
    expect(mail.subject).toBe('Confirme seu e-mail');
    expect(mail.headers.from).toContain('no-reply@sonhario.test');
    expect(mail.text).toContain('Boas-vindas ao Sonhário!');
    expect(mail.html).toContain('<html lang="pt-BR">');
    const link = /https?:\/\/\S+\/auth\/v1\/verify\?\S+/.exec(mail.text)?.[0];
    expect(link).toBeTruthy();
    expect(mail.html).toContain(link!.replace(/&/g, '&amp;'));
    expect(await readOutbox(t.dataDir)).toEqual([]);

    const hop = await followLink(link!);
    expect(fragmentOf(hop.location).get('type')).toBe('signup');
    const { data } = await supabase.auth.signInWithPassword({ email, password: PASSWORD });
    expect(data.session).not.toBeNull();

    // With a real mail server nothing secret reaches the logs: not the link token, the password or the tokens.
    const logs = t.logs.text;
    expect(logs).toContain('/auth/v1/verify');
    for (const secret of [
      new URL(link!).searchParams.get('token')!,
      PASSWORD,
      fragmentOf(hop.location).get('access_token')!,
      data.session!.refresh_token,
    ]) {
      expect(logs).not.toContain(secret);
    }
  });

  it('sends the recovery e-mail with its own subject', async () => {
    const email = uniqueEmail();
    await supabase.auth.signUp({ email, password: PASSWORD });
    await supabase.auth.resetPasswordForEmail(email);
    const mail = inbox.filter((m) => m.to.includes(email)).at(-1)!.mail;
    expect(mail.subject).toBe('Redefinir sua senha');
    expect(mail.text).toMatch(/type=recovery/);
  });

  it('reports a failed delivery as a server error and lets the user ask again at once', async () => {
    const email = uniqueEmail('bounce');
    refused.add(email);
    const { error } = await supabase.auth.signUp({ email, password: PASSWORD });
    expect(error).toBeInstanceOf(AuthRetryableFetchError);
    expect(error?.status).toBe(500);
    refused.delete(email);
    // No 60 s wait: the failed attempt does not count as a sent e-mail.
    const resent = await supabase.auth.resend({ type: 'signup', email });
    expect(resent.error).toBeNull();
    expect(inbox.some((m) => m.to.includes(email))).toBe(true);
  });

  it('sends the notice of a sign-up attempt to the owner over SMTP; a refused one fails like a refused confirmation, and the owner can be told again at once', async () => {
    const email = uniqueEmail('owner');
    await supabase.auth.signUp({ email, password: PASSWORD });
    const link = /https?:\/\/\S+\/auth\/v1\/verify\?\S+/.exec(
      inbox.filter((m) => m.to.includes(email)).at(-1)!.mail.text,
    )![0];
    await followLink(link);

    refused.add(email);
    const refusedAnswer = await fetch(`${t.url}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: getApiKeys(t.app.deps.secrets).anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    const bounce = uniqueEmail('bounce');
    refused.add(bounce);
    const refusedNew = await fetch(`${t.url}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: getApiKeys(t.app.deps.secrets).anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email: bounce, password: PASSWORD }),
    });
    expect(refusedAnswer.status).toBe(refusedNew.status);
    expect(await refusedAnswer.json()).toEqual(await refusedNew.json());
    refused.delete(email);

    const { error } = await supabase.auth.signUp({ email, password: PASSWORD });
    expect(error).toBeNull();
    const notice = inbox.filter((m) => m.to.includes(email)).at(-1)!.mail;
    expect(notice.subject).toBe('Tentativa de cadastro no Sonhário com o seu e-mail');
    expect(notice.html).toContain(`href="${t.url}/login"`);
  });
});
