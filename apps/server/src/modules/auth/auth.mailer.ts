import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../../config.ts';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The action links inside, so the outbox (and tests) can follow them without parsing HTML. */
  links: string[];
}

export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(email: OutgoingEmail): Promise<void>;
  close(): void;
}

/**
 * SMTP when SMTP_URL is set. Otherwise every message becomes a JSON file in DATA_DIR/outbox/ plus a log line with
 * its links: a self-hosted instance works with no mail server, and end-to-end tests follow links from that folder.
 */
export function createMailer(config: Config, log: FastifyBaseLogger): Mailer {
  const url = config.env.SMTP_URL;
  if (url) {
    const transport = nodemailer.createTransport(url);
    return {
      kind: 'smtp',
      async send(email) {
        await transport.sendMail({
          from: config.env.SMTP_FROM,
          to: email.to,
          subject: email.subject,
          text: email.text,
          html: email.html,
        });
      },
      close: () => transport.close(),
    };
  }
  const outbox = path.join(config.dataDir, 'outbox');
  let sequence = 0;
  return {
    kind: 'outbox',
    async send(email) {
      const sentAt = new Date();
      // ISO time first so names sort by sending time; the counter keeps order within one millisecond.
      sequence = (sequence + 1) % 1_000_000;
      const name = `${sentAt.toISOString().replace(/[:.]/g, '-')}-${String(sequence).padStart(6, '0')}-${randomBytes(3).toString('hex')}.json`;
      await mkdir(outbox, { recursive: true, mode: 0o700 });
      const record = {
        to: email.to,
        subject: email.subject,
        text: email.text,
        html: email.html,
        links: email.links,
        sentAt: sentAt.toISOString(),
      };
      await writeFile(path.join(outbox, name), `${JSON.stringify(record, null, 2)}\n`, { mode: 0o600 });
      // The file name and the links (what an operator without a mail server follows), never the subject or the
      // text: a support message's subject is the user's own words.
      log.info({ outboxFile: name, links: email.links }, 'e-mail written to the outbox (no SMTP_URL set)');
    },
    close: () => {},
  };
}
