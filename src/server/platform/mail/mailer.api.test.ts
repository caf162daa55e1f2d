import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devMailOutbox } from '../../db/schema/dev-mail-outbox.js';
import { openTestDatabase } from '../../testing/test-database.js';
import type { DatabaseHandle } from '../db/database.js';
import { createMailer } from './mailer.js';

interface Received {
  from: string | undefined;
  to: string[];
  raw: string;
}

let database: DatabaseHandle;
let smtp: SMTPServer;
let smtpUrl: string;
const received: Received[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  // A real SMTP server on loopback, as the mail tests of later features use.
  smtp = new SMTPServer({
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => (raw += chunk));
      stream.on('end', () => {
        const mailFrom = session.envelope.mailFrom;
        received.push({ from: mailFrom ? mailFrom.address : undefined, to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  smtp.listen(0, '127.0.0.1');
  await once(smtp.server, 'listening');
  smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((done) => smtp?.close(() => done()));
  await database?.close();
});

const message = {
  to: 'amara.testperson@example.org',
  subject: 'تأكيد بريدك الإلكتروني · Tendwell',
  text: 'Open https://tendwell.test/verify?token=abc to confirm.',
  html: '<p>Open <a href="https://tendwell.test/verify?token=abc">this link</a> to confirm.</p>',
};

describe('mailer', () => {
  it('sends over SMTP, as HTML and plain text, from the configured sender', async () => {
    const mailer = createMailer({ smtpUrl, from: 'Tendwell <no-reply@tendwell.test>', db: database.db });
    expect(mailer.kind).toBe('smtp');
    await mailer.send(message);
    await mailer.close();
    expect(received).toHaveLength(1);
    const mail = received[0]!;
    expect(mail.from).toBe('no-reply@tendwell.test');
    expect(mail.to).toEqual([message.to]);
    const parsed = await simpleParser(mail.raw);
    expect(parsed.subject).toBe(message.subject);
    expect(parsed.text?.trim()).toBe(message.text);
    expect(parsed.html).toContain('href="https://tendwell.test/verify?token=abc"');
    expect(parsed.from?.value).toEqual([{ name: 'Tendwell', address: 'no-reply@tendwell.test' }]);
  });

  it('sends extra headers and attachments over SMTP, with its own Message-ID and Date', async () => {
    const mailer = createMailer({ smtpUrl, from: 'Tendwell <no-reply@tendwell.test>', db: database.db });
    const calendar = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nMETHOD:REQUEST\r\nEND:VCALENDAR\r\n';
    await mailer.send({
      ...message,
      to: 'two.recipients@example.org',
      headers: { 'List-Unsubscribe': '<https://tendwell.test/unsubscribe?token=xyz>' },
      attachments: [{ filename: 'appointment.ics', contentType: 'text/calendar; method=REQUEST', content: calendar }],
    });
    await mailer.close();
    const mail = received.find((m) => m.to.includes('two.recipients@example.org'));
    expect(mail?.from).toBe('no-reply@tendwell.test');
    const parsed = await simpleParser(mail!.raw);
    expect(mail!.raw).toMatch(/^List-Unsubscribe: <https:\/\/tendwell\.test\/unsubscribe\?token=xyz>\r$/m);
    expect(parsed.messageId).toMatch(/^<[^@>]+@tendwell\.test>$/);
    expect(parsed.date?.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(parsed.text?.trim()).toBe(message.text);
    expect(parsed.attachments).toHaveLength(1);
    expect(parsed.attachments[0]).toMatchObject({ filename: 'appointment.ics', contentType: 'text/calendar' });
    expect(parsed.attachments[0]!.content.toString('utf8')).toBe(calendar);
  });

  it('fails loudly when the SMTP server cannot be reached', async () => {
    const mailer = createMailer({ smtpUrl: 'smtp://127.0.0.1:1', from: 'x@tendwell.test', db: database.db });
    await expect(mailer.send(message)).rejects.toThrow();
    await mailer.close();
  });

  it('keeps the mail in the development outbox when no SMTP server is configured', async () => {
    const to = `outbox.${Date.now()}@example.org`;
    const mailer = createMailer({ from: 'Tendwell <no-reply@tendwell.test>', db: database.db });
    expect(mailer.kind).toBe('outbox');
    await mailer.send({ ...message, to });
    const rows = await database.db.select().from(devMailOutbox).where(eq(devMailOutbox.toAddress, to));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ subject: message.subject, textBody: message.text, htmlBody: message.html, fromAddress: 'Tendwell <no-reply@tendwell.test>' });
  });
});
