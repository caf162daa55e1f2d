import { DEV_MAILBOX_LIMIT, type DevMailboxQuery, type DevMailboxResponse } from '../../../shared/contracts/dev-mailbox.js';
import type { ServiceContext } from '../../platform/context.js';
import { notFound } from '../../platform/errors/domain-errors.js';
import { latestOutboxMail } from './dev-mailbox.repo.js';

/**
 * The development mailbox: what the outbox kept instead of sending (no SMTP_URL). It exists only
 * in demo mode; otherwise it answers exactly like a path with no route.
 */
export async function readMailbox(ctx: ServiceContext, query: DevMailboxQuery): Promise<DevMailboxResponse> {
  if (!ctx.config.demoMode) throw notFound('route.not-found', 'Not found.');
  const rows = await latestOutboxMail(ctx.db, { to: query.to || undefined, limit: DEV_MAILBOX_LIMIT });
  return {
    transport: ctx.mailer.kind,
    messages: rows.map((row) => ({
      id: row.id,
      from: row.fromAddress,
      to: row.toAddress,
      subject: row.subject,
      text: row.textBody,
      createdAt: row.createdAt.toISOString(),
    })),
  };
}
