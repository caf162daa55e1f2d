import { sql } from 'drizzle-orm';
import type { VerificationDecision } from '../../../shared/contracts/admin-providers.js';
import { notifications } from '../../db/schema/booking.js';
import type { ServiceContext } from '../../platform/context.js';
import type { Queryable } from '../../platform/db/database.js';
import { renderAuthEmail } from '../../platform/mail/auth-emails.js';

/**
 * What the platform's verification review tells people: platform admins hear in the app that a
 * profile waits for review (new, or sent again after a rejection), and the provider hears of the
 * decision in the app and by email. The in-app notices are written in the transaction of the
 * change (the header's bell shows them live, migration 0011's trigger).
 */

/** Every platform admin: a profile waits for their review. */
export async function noticeForReviewers(q: Queryable, profile: { id: string; displayName: string }, resubmitted: boolean): Promise<void> {
  const kind = resubmitted ? 'provider_resubmitted' : 'provider_submitted';
  await q.execute(
    sql`insert into ${notifications} (user_id, kind, data)
        select id, ${kind}, jsonb_build_object('provider', ${profile.displayName}::text, 'profileId', ${profile.id}::text)
        from users where role = 'admin'`,
  );
}

/** The provider: the review's decision, with the reason of a rejection. */
export async function noticeOfDecision(q: Queryable, userId: string, displayName: string, decision: VerificationDecision): Promise<void> {
  await q.insert(notifications).values({
    userId,
    kind: decision.status === 'verified' ? 'provider_verified' : 'provider_rejected',
    data: { provider: displayName, ...(decision.status === 'rejected' ? { reason: decision.reason } : {}) },
  });
}

/**
 * The provider's email about the decision, sent after it committed. A failure is logged and does
 * not undo the decision: the in-app notice and the profile page say the same.
 */
export async function emailDecision(
  ctx: Pick<ServiceContext, 'mailer' | 'log' | 'publicOrigin'>,
  provider: { email: string; name: string; locale: string | null },
  decision: VerificationDecision,
): Promise<void> {
  try {
    await ctx.mailer.send(
      renderAuthEmail(decision.status === 'verified' ? 'provider-verified' : 'provider-rejected', {
        to: provider.email,
        locale: provider.locale,
        name: provider.name,
        url: `${ctx.publicOrigin}/provider/profile`,
        ...(decision.status === 'rejected' ? { reason: decision.reason } : {}),
      }),
    );
  } catch (error) {
    ctx.log.error({ err: error, decision: decision.status }, 'provider review email could not be sent');
  }
}
