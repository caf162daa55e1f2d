import { createHash, randomBytes } from 'node:crypto';
import {
  NEWSLETTER_CONFIRM_HOURS,
  type NewsletterSubscribeRequest,
  type NewsletterSubscribeResponse,
} from '../../../shared/contracts/newsletter.js';
import type { ServiceContext } from '../../platform/context.js';
import { validationError } from '../../platform/errors/domain-errors.js';
import { renderAuthEmail } from '../../platform/mail/auth-emails.js';
import { confirmByToken, findByEmail, unsubscribeByToken, upsertPending } from './newsletter.repo.js';

const newToken = () => randomBytes(24).toString('base64url');
export const hashNewsletterToken = (token: string) => createHash('sha256').update(token).digest('hex');

const invalidToken = () => validationError('newsletter.token-invalid', 'This link is invalid or has expired.');

async function sendSafely(ctx: ServiceContext, what: string, send: () => Promise<void>): Promise<void> {
  try {
    await send();
  } catch (error) {
    // The answer never depends on mail delivery (it would tell who is on the list).
    ctx.log.error({ err: error }, `newsletter ${what} mail failed`);
  }
}

/**
 * Double opt-in (the address's owner confirms from a mailed link). The answer is identical
 * whether the address is new, pending, confirmed or unsubscribed, so the form reveals nothing
 * about who is on the list; a confirmed address gets no new mail.
 */
export async function subscribe(ctx: ServiceContext, input: NewsletterSubscribeRequest): Promise<NewsletterSubscribeResponse> {
  const existing = await findByEmail(ctx.db, input.email);
  if (existing?.confirmedAt && !existing.unsubscribedAt) return { status: 'confirmation-sent' };
  const confirm = newToken();
  const unsubscribe = newToken();
  await upsertPending(ctx.db, {
    email: input.email,
    language: input.language,
    confirmTokenHash: hashNewsletterToken(confirm),
    confirmExpiresAt: new Date(ctx.now().getTime() + NEWSLETTER_CONFIRM_HOURS * 3600_000),
    unsubscribeTokenHash: hashNewsletterToken(unsubscribe),
  });
  await sendSafely(ctx, 'confirmation', () =>
    ctx.mailer.send(
      renderAuthEmail('newsletter-confirm', {
        to: input.email,
        locale: input.language,
        url: `${ctx.publicOrigin}/newsletter/confirm?token=${confirm}`,
        hours: NEWSLETTER_CONFIRM_HOURS,
        unsubscribeUrl: `${ctx.publicOrigin}/newsletter/unsubscribe?token=${unsubscribe}`,
      }),
    ),
  );
  return { status: 'confirmation-sent' };
}

/** Follows a confirmation link: single use, within its lifetime; a welcome mail carries a fresh unsubscribe link. */
export async function confirm(ctx: ServiceContext, token: string): Promise<{ status: 'confirmed' }> {
  const unsubscribe = newToken();
  const row = await confirmByToken(ctx.db, hashNewsletterToken(token), ctx.now(), hashNewsletterToken(unsubscribe));
  if (!row) throw invalidToken();
  await sendSafely(ctx, 'welcome', () =>
    ctx.mailer.send(
      renderAuthEmail('newsletter-welcome', {
        to: row.email,
        locale: row.language,
        url: `${ctx.publicOrigin}/`,
        unsubscribeUrl: `${ctx.publicOrigin}/newsletter/unsubscribe?token=${unsubscribe}`,
      }),
    ),
  );
  return { status: 'confirmed' };
}

/** Follows an unsubscribe link (idempotent for a known link). */
export async function unsubscribe(ctx: ServiceContext, token: string): Promise<{ status: 'unsubscribed' }> {
  const row = await unsubscribeByToken(ctx.db, hashNewsletterToken(token), ctx.now());
  if (!row) throw invalidToken();
  return { status: 'unsubscribed' };
}
