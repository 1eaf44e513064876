import { text } from 'node:stream/consumers';
import pino from 'pino';
import { z } from 'zod';
import { loadConfig } from '../../config.ts';
import { createDatabase } from '../../db/client.ts';
import { isAppError } from '../../errors.ts';
import { loadSecrets } from '../../secrets.ts';
import { createMailer } from '../auth/auth.mailer.ts';
import { openKeyRing } from '../keys/keys.service.ts';
import { answerSupportMessage, listOpenSupportMessages, type OpenSupportMessage } from './support.service.ts';

// `npm run admin -- support [answer <id> ["<text>"]]`: the operator reads and answers the messages sent through
// 'Ajuda'. Their text is sealed with each user's key, so these two commands (and only these) open the server's key
// ring: the master key from secrets.json or MASTER_KEY and the configured key store, as the server does at start.

export const SUPPORT_USAGE = `  support                       list the open messages sent through 'Ajuda' (priority first, then oldest)
  support answer <id> ["<text>"]
                                answer a message (the text, or stdin when left out): shown in the app, e-mailed to the user`;

const indent = (value: string) => value.replace(/^/gm, '    ');

function printMessage(m: OpenSupportMessage, out: (line: string) => void) {
  out(`${m.isPriority ? '[PRIORITY] ' : ''}${m.createdAt}  ${m.id}`);
  out(`  from: ${m.email}  plan: ${m.plan}`);
  if (m.dreamLink) out(`  dream: ${m.dreamLink}`);
  out(`  subject: ${m.subject}`);
  out(indent(m.message));
  out('');
}

export async function runSupportCommand(
  argv: string[],
  out: (line: string) => void,
  env: Record<string, string | undefined>,
  stdin: NodeJS.ReadableStream = process.stdin,
): Promise<number> {
  const [action, rawId = '', ...words] = argv;
  if (action !== undefined && action !== 'answer') return usage(out);
  const id = rawId.trim().toLowerCase();
  if (action === 'answer' && !z.uuid().safeParse(id).success) {
    out(`"${rawId}" is not a message id (copy it from \`npm run admin -- support\`)`);
    return 2;
  }
  // The answer before anything opens: read from stdin when not given (a here-document, a file, a pipe).
  const answer = action === 'answer' ? (words.length > 0 ? words.join(' ') : await text(stdin)) : '';

  const config = loadConfig(env);
  const log = pino({ level: 'warn' }, pino.destination(2));
  const database = await createDatabase(config.database, { role: 'tool' });
  const closers: (() => Promise<void>)[] = [];
  const mailer = createMailer(config, log);
  try {
    await database.migrate();
    const secrets = await loadSecrets(config);
    const keys = await openKeyRing(
      { log, addHook: (_name, hook) => closers.push(hook) },
      { config, database, masterKey: secrets.masterKey },
    );
    const op = { db: database.db, keys, now: () => new Date(), log };
    if (action === undefined) {
      const messages = await listOpenSupportMessages(op, config.siteUrl);
      const priority = messages.filter((m) => m.isPriority).length;
      out(`${String(messages.length)} open message(s), ${String(priority)} priority`);
      out('');
      for (const m of messages) printMessage(m, out);
      if (messages.length > 0) out('answer with: npm run admin -- support answer <id> "<text>"');
      return 0;
    }
    const outcome = await answerSupportMessage(op, id, answer, { mailer, siteUrl: config.siteUrl });
    if (outcome.kind === 'not_found') {
      out(`no support message ${id}`);
      return 1;
    }
    if (outcome.kind === 'already_answered') {
      out(`message ${id} was already answered at ${outcome.answeredAt}; nothing changed`);
      return 1;
    }
    out(
      outcome.isEmailed
        ? `answered ${id}; e-mailed to ${outcome.email}`
        : `answered ${id} (shown in the app); the e-mail to ${outcome.email} could not be sent`,
    );
    return outcome.isEmailed ? 0 : 1;
  } catch (error) {
    if (isAppError(error) && error.statusCode < 500) {
      out(error.message);
      return 2;
    }
    throw error;
  } finally {
    mailer.close();
    for (const close of closers) await close();
    await database.close();
  }
}

function usage(out: (line: string) => void) {
  out('usage: npm run admin -- support [answer <id> ["<text>"]]');
  out(SUPPORT_USAGE);
  return 2;
}
