import { describe, expect, it } from 'vitest';
import { renderUnreadMessagesEmail } from './message-emails.js';

const render = (locale: string, count: number) => renderUnreadMessagesEmail({ to: 'a@example.test', name: 'Ava', locale, count, url: 'https://example.test/messages' });

describe('the unread-messages email', () => {
  it('says one message or several in each language’s own plural form, never "message(s)"', () => {
    expect(render('en', 1)).toMatchObject({ subject: 'You have an unread message on Tendwell' });
    expect(render('en', 1).text).toContain('You have 1 unread message in your secure inbox.');
    expect(render('en', 3)).toMatchObject({ subject: 'You have unread messages on Tendwell' });
    expect(render('en', 3).text).toContain('You have 3 unread messages in your secure inbox.');
    // French counts 0 and 1 as one; Arabic has a form for two.
    expect(render('fr', 1).text).toContain('1 message non lu ');
    expect(render('fr', 2).text).toContain('2 messages non lus ');
    expect(render('ar', 2).text).toContain('رسالتان');
    expect(render('ar', 5).text).toContain('5 رسائل');
    expect(render('zh-CN', 4).text).toContain('4 条未读消息');
    for (const locale of ['en', 'es', 'fr', 'pt', 'ar', 'zh-CN']) {
      for (const count of [1, 2, 5, 12, 100]) {
        const mail = render(locale, count);
        expect(mail.subject + mail.text + mail.html).not.toMatch(/\(s\)|\(ns\)|\{count\}/);
      }
    }
  });
});
