import nodemailer from 'nodemailer';
import type { Queryable } from '../db/database.js';
import { devMailOutbox } from '../../db/schema/dev-mail-outbox.js';
import { buildMime } from './mime.js';

/** One email, already rendered in the recipient's language, as HTML and plain text. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, e.g. List-Unsubscribe on newsletter mail (SMTP only; the outbox keeps the body). */
  headers?: Record<string, string>;
  /** Files sent with the mail, e.g. a calendar invitation (text/calendar). */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
}

export interface Mailer {
  /** 'smtp' sends through SMTP_URL; 'outbox' keeps the mail in the database for /dev/mailbox. */
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

export interface MailerOptions {
  smtpUrl?: string | undefined;
  from: string;
  /** Where the development outbox writes when there is no SMTP server. */
  db: Queryable;
}

/**
 * Mail goes over real SMTP (nodemailer) when SMTP_URL is set; otherwise it is stored in the
 * development outbox. Callers send after their transaction commits, never inside it.
 */
export function createMailer(options: MailerOptions): Mailer {
  if (options.smtpUrl) {
    // A pool of open SMTP connections, not a new connection and greeting for every message, kept
    // open for any number of messages: the appointment-emails job sends up to 10 at once.
    const transport = nodemailer.createTransport({ url: options.smtpUrl, pool: true, maxConnections: 10, maxMessages: Infinity });
    return {
      kind: 'smtp',
      async send(message) {
        // The message is built into one buffer first and handed over whole (`raw`): streamed, its
        // headers and MIME parts went out as a write (and a TCP segment) each, about twenty per
        // mail; whole, the message is one write. It is built in one synchronous pass (mime.ts).
        const { envelope, raw } = buildMime(options.from, message);
        await transport.sendMail({ envelope, raw });
      },
      async close() {
        transport.close();
      },
    };
  }
  return {
    kind: 'outbox',
    async send(message) {
      await options.db.insert(devMailOutbox).values({
        fromAddress: options.from,
        toAddress: message.to,
        subject: message.subject,
        textBody: message.text,
        htmlBody: message.html,
        attachments: message.attachments ?? [],
      });
    },
    async close() {},
  };
}
