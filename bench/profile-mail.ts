// Development aid: CPU per confirmation-sized email (text, HTML, a calendar file), built by
// nodemailer's streamed MailComposer.build() and by platform/mail/mime.ts's one pass, 2,000 of
// each, taking turns. Not part of `npm run bench`. Usage: npx tsx bench/profile-mail.ts
import MailComposer from 'nodemailer/lib/mail-composer';
import { buildMime } from '../src/server/platform/mail/mime.js';
const text = 'Hello Ana,\n\nYour appointment is booked. The practice will confirm it.\n\n'.repeat(8);
const html = '<!doctype html><html><body><p>Hello Ana, your appointment is booked — café €</p></body></html>'.repeat(30);
const ics = ('BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Tendwell//EN\r\nX-LINE:' + 'a'.repeat(60) + '\r\nEND:VCALENDAR\r\n').repeat(10);
const FROM = 'Tendwell <no-reply@tendwell.test>';
const msg = { to: 'ana@example.test', subject: 'Booked: Consult with Dr Émile Zola, Tue 2 Dec 09:00 AEDT', text, html, attachments: [{ filename: 'appointment.ics', contentType: 'text/calendar; charset=utf-8; method=PUBLISH', content: ics }] };
const N = 2000;
for (let round = 0; round < Number(process.env.ROUNDS ?? 2); round++) {
  let c0 = process.cpuUsage();
  for (let i = 0; i < N; i++) { const m = new MailComposer({ from: FROM, ...msg }).compile(); await m.build(); }
  let c = process.cpuUsage(c0);
  const streamed = (c.user + c.system) / 1000 / N;
  c0 = process.cpuUsage();
  for (let i = 0; i < N; i++) buildMime(FROM, msg);
  c = process.cpuUsage(c0);
  const onePass = (c.user + c.system) / 1000 / N;
  console.log(`round ${round}: streamed ${streamed.toFixed(3)} ms, one pass ${onePass.toFixed(3)} ms CPU per mail (${(streamed / onePass).toFixed(1)}x)`);
}
