import { simpleParser, type ParsedMail } from 'mailparser';
import MailComposer from 'nodemailer/lib/mail-composer';
import { describe, expect, it } from 'vitest';
import type { MailMessage } from './mailer.js';
import { buildMime } from './mime.js';

const FROM = 'Tendwell Health <no-reply@tendwell.test>';
const calendar = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Tendwell//Appointments//EN\r\nMETHOD:PUBLISH\r\nSUMMARY:Consultation — Dr Émile\r\nEND:VCALENDAR\r\n';

const messages: Record<string, MailMessage> = {
  'plain ASCII, text and HTML': { to: 'ana@example.org', subject: 'Confirm your email', text: 'Open https://tendwell.test/verify?token=abc to confirm.', html: '<p>Open <a href="https://tendwell.test/verify?token=abc">this link</a>.</p>' },
  'Arabic, right to left, with a calendar file': {
    to: 'amara@example.org',
    subject: 'تم الحجز: استشارة مع د. إميل، الثلاثاء 2 ديسمبر 09:00',
    text: 'مرحبًا أمارة،\n\nتم حجز موعدك.\n',
    html: '<html dir="rtl"><body><p>مرحبًا أمارة،</p><p>تم حجز موعدك.</p></body></html>',
    attachments: [{ filename: 'appointment.ics', contentType: 'text/calendar; charset=utf-8; method=PUBLISH', content: calendar }],
  },
  'long lines, trailing spaces, tabs, = signs and a dot line': {
    to: 'long.lines@example.org',
    subject: `${'Réservé : '.repeat(12)}fin`,
    text: `${'word '.repeat(60)}\n.\nline with trailing spaces   \n\ttabbed = equals\r\nwindows line\n${'x'.repeat(200)}`,
    html: `<p>${'€ '.repeat(300)}</p>`,
    headers: { 'List-Unsubscribe': '<https://tendwell.test/unsubscribe?token=xyz>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  },
  'Chinese, two attachments': {
    to: 'wei@example.org',
    subject: '已预约：王医生 的 咨询，12月2日 09:00',
    text: '您好，\n您的预约已完成。',
    html: '<p>您好，</p>',
    attachments: [
      { filename: 'appointment.ics', contentType: 'text/calendar; charset=utf-8; method=PUBLISH', content: calendar },
      { filename: 'notes – résumé.txt', contentType: 'text/plain; charset=utf-8', content: 'é'.repeat(500) },
    ],
  },
};

async function streamed(message: MailMessage): Promise<ParsedMail> {
  const composer = new MailComposer({ from: FROM, ...message, ...(message.attachments ? { attachments: message.attachments.map((a) => ({ ...a })) } : {}) });
  return simpleParser(await composer.compile().build());
}

const readable = (mail: ParsedMail) => ({
  subject: mail.subject,
  from: mail.from?.value,
  to: [mail.to ?? []].flat().flatMap((a) => a.value),
  text: mail.text,
  html: mail.html,
  unsubscribe: mail.headers.get('list-unsubscribe'),
  attachments: mail.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content.toString('utf8') })),
});

describe('buildMime', () => {
  for (const [name, message] of Object.entries(messages)) {
    it(`reads back exactly as nodemailer's streamed build: ${name}`, async () => {
      const { raw, envelope } = buildMime(FROM, message);
      expect(envelope).toEqual({ from: 'no-reply@tendwell.test', to: [message.to] });
      const text = raw.toString('utf8');
      // 7-bit clean, no line longer than RFC 5322's 998 (the encoders wrap at 76). A bare line
      // feed of the text stays as it is, as in nodemailer's build: SMTP sends it as CRLF.
      expect(text).toMatch(/^[\t\n\r -~]*$/);
      expect(Math.max(...text.split(/\r?\n/).map((l) => l.length))).toBeLessThanOrEqual(78);
      const parsed = await simpleParser(raw);
      expect(readable(parsed)).toEqual(readable(await streamed(message)));
      expect(parsed.subject).toBe(message.subject);
      expect(parsed.text?.replace(/\r\n/g, '\n').trimEnd()).toBe(message.text.replace(/\r\n/g, '\n').trimEnd());
      expect(parsed.messageId).toMatch(/^<[0-9a-f-]{36}@tendwell\.test>$/);
      expect(Math.abs(parsed.date!.getTime() - Date.now())).toBeLessThan(60_000);
      expect(parsed.attachments.map((a) => a.content.toString('utf8'))).toEqual((message.attachments ?? []).map((a) => a.content));
    });
  }

  it('gives every message its own Message-ID and boundaries', () => {
    const message = messages['Arabic, right to left, with a calendar file']!;
    const [a, b] = [buildMime(FROM, message).raw.toString(), buildMime(FROM, message).raw.toString()];
    const id = (s: string) => /^Message-ID: (.*)$/m.exec(s)?.[1];
    const boundary = (s: string) => /boundary="([^"]+)"/.exec(s)?.[1];
    expect(id(a)).not.toBe(id(b));
    expect(boundary(a)).toBeDefined();
    expect(boundary(a)).not.toBe(boundary(b));
  });
});
