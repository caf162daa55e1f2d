import { randomUUID } from 'node:crypto';
import * as base64 from 'nodemailer/lib/base64';
import MailComposer from 'nodemailer/lib/mail-composer';
import type MimeNode from 'nodemailer/lib/mime-node';
import * as qp from 'nodemailer/lib/qp';
import type { MailMessage } from './mailer.js';

/** Encoded body lines, as nodemailer's encoder streams wrap them. */
const LINE_LENGTH = 76;

function body(node: MimeNode): string {
  const content = node.content;
  if (content === undefined || content === '') return '';
  if (typeof content !== 'string' && !Buffer.isBuffer(content)) throw new TypeError('mail content must be a string or a Buffer');
  switch (node.getTransferEncoding()) {
    case 'base64':
      return base64.wrap(base64.encode(content), LINE_LENGTH);
    case 'quoted-printable':
      return qp.wrap(qp.encode(content), LINE_LENGTH);
    default:
      return Buffer.isBuffer(content) ? content.toString('utf8') : content;
  }
}

/** One MIME node and its children, in the order and with the separators of MimeNode.stream(). */
function serialise(node: MimeNode, out: string[]): void {
  out.push(node.buildHeaders(), '\r\n\r\n', body(node));
  // buildHeaders() gives a multipart node its boundary.
  if (!node.boundary) return;
  node.childNodes.forEach((child, i) => {
    out.push(i > 0 ? '\r\n' : '', '--', node.boundary as string, '\r\n');
    serialise(child, out);
  });
  out.push('\r\n--', node.boundary, '--\r\n');
}

/**
 * The message as RFC 5322 text, built in one synchronous pass: nodemailer's MailComposer lays out
 * the MIME tree and writes every header (addresses, encoded words, parameters, boundaries), and its
 * quoted-printable and base64 encoders encode the bodies; only the streaming is left out. Streamed
 * (`MailComposer.build()`), each part went through its own encoder stream and pipeline: 0.8-1.5 ms of
 * CPU for a confirmation email with its calendar file, against 0.3-0.6 ms this way
 * (`npx tsx bench/profile-mail.ts`; bench/README.md, session of 2026-11-28).
 */
export function buildMime(from: string, message: MailMessage): { envelope: { from: string; to: string[] }; raw: Buffer } {
  const composer = new MailComposer({
    from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    ...(message.headers ? { headers: message.headers } : {}),
    ...(message.attachments ? { attachments: message.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content })) } : {}),
  });
  const root = composer.compile();
  const envelope = root.getEnvelope();
  const sender = envelope.from || 'localhost';
  root.setHeader('Message-ID', `<${randomUUID()}@${sender.slice(sender.lastIndexOf('@') + 1)}>`);
  const out: string[] = [];
  serialise(root, out);
  return { envelope: { from: envelope.from || '', to: envelope.to }, raw: Buffer.from(out.join(''), 'utf8') };
}
