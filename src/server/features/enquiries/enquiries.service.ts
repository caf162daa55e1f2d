import type { CreateEnquiryRequest, Enquiry, EnquiryList, EnquiryListQuery } from '../../../shared/contracts/enquiries.js';
import type { ActorContext, ServiceContext } from '../../platform/context.js';
import { recordAudit } from '../../platform/audit/audit.js';
import { notFound } from '../../platform/errors/domain-errors.js';
import { renderAuthEmail } from '../../platform/mail/auth-emails.js';
import { type EnquiryRow, insertEnquiry, listEnquiries, updateEnquiryStatus } from './enquiries.repo.js';

/** Topic labels for the confirmation mail (the form shows the translated ones). */
const TOPIC_LABEL: Record<string, string> = {
  general: 'General question',
  support: 'Help with Tendwell',
  billing: 'Billing',
  partnerships: 'Partnerships',
  press: 'Press',
  accessibility: 'Accessibility',
};

function toEnquiry(row: EnquiryRow): Enquiry {
  return {
    id: row.id,
    kind: row.kind as Enquiry['kind'],
    status: row.status as Enquiry['status'],
    name: row.name,
    email: row.email,
    phone: row.phone,
    organisation: row.organisation,
    jobTitle: row.jobTitle,
    organisationSize: row.organisationSize,
    topic: row.topic,
    message: row.message,
    regionCode: row.regionCode,
    language: row.language,
    createdAt: row.createdAt.toISOString(),
    handledAt: row.handledAt?.toISOString() ?? null,
    handledBy: row.handledBy ? { userId: row.handledBy, name: row.handledByName ?? '' } : null,
  };
}

async function sendSafely(ctx: ServiceContext, what: string, send: () => Promise<void>): Promise<void> {
  try {
    await send();
  } catch (error) {
    // The enquiry is stored; a mail failure is logged, never lost silently nor shown as a failure.
    ctx.log.error({ err: error }, `enquiry ${what} mail failed`);
  }
}

/**
 * Stores a contact message or demo request, confirms it to the sender by mail in their
 * language, and tells the team when ENQUIRIES_NOTIFY_EMAIL is set.
 */
export async function createEnquiry(ctx: ServiceContext, input: CreateEnquiryRequest, userId: string | null): Promise<{ id: string }> {
  const id = await insertEnquiry(ctx.db, {
    kind: input.kind,
    name: input.name,
    email: input.email,
    phone: input.phone ?? null,
    organisation: input.kind === 'demo_request' ? input.organisation : null,
    jobTitle: input.kind === 'demo_request' ? input.jobTitle : null,
    organisationSize: input.kind === 'demo_request' ? input.organisationSize : null,
    topic: input.kind === 'contact' ? input.topic : null,
    message: input.message,
    regionCode: input.regionCode,
    language: input.language,
    userId,
  });
  await sendSafely(ctx, 'confirmation', () =>
    ctx.mailer.send(
      renderAuthEmail(input.kind === 'contact' ? 'enquiry-contact' : 'enquiry-demo', {
        to: input.email,
        locale: input.language,
        url: `${ctx.publicOrigin}/`,
        name: input.name,
        topic: input.kind === 'contact' ? (TOPIC_LABEL[input.topic] ?? input.topic) : '',
        organisation: input.kind === 'demo_request' ? input.organisation : '',
      }),
    ),
  );
  const team = ctx.config.ENQUIRIES_NOTIFY_EMAIL;
  if (team) {
    const subject = input.kind === 'contact' ? `Contact: ${TOPIC_LABEL[input.topic] ?? input.topic} from ${input.name}` : `Demo request: ${input.organisation}`;
    const details = [
      `Kind: ${input.kind}`,
      `Name: ${input.name}`,
      `Email: ${input.email}`,
      ...(input.phone ? [`Phone: ${input.phone}`] : []),
      ...(input.kind === 'demo_request'
        ? [`Organisation: ${input.organisation}`, `Job title: ${input.jobTitle}`, `Size: ${input.organisationSize}`]
        : [`Topic: ${input.topic}`]),
      `Region: ${input.regionCode}`,
      `Language: ${input.language}`,
      '',
      input.message,
      '',
      `All enquiries: ${ctx.publicOrigin}/admin/enquiries`,
    ].join('\n');
    const escape = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
    await sendSafely(ctx, 'team notification', () =>
      ctx.mailer.send({ to: team, subject, text: details, html: `<pre style="font-family:system-ui,sans-serif;white-space:pre-wrap">${escape(details)}</pre>` }),
    );
  }
  return { id };
}

export async function searchEnquiries(ctx: ActorContext, query: EnquiryListQuery): Promise<EnquiryList> {
  const { rows, total } = await listEnquiries(ctx.db, query);
  return { items: rows.map(toEnquiry), page: query.page, pageSize: query.pageSize, total };
}

export async function setEnquiryStatus(ctx: ActorContext, id: string, status: 'new' | 'handled'): Promise<Enquiry> {
  const row = await updateEnquiryStatus(ctx.db, id, status, ctx.actor.userId, ctx.now());
  if (!row) throw notFound('enquiry.not-found', 'The enquiry was not found.');
  await recordAudit(ctx.db, {
    action: `enquiry.${status === 'handled' ? 'handle' : 'reopen'}`,
    actorUserId: ctx.actor.userId,
    targetType: 'enquiry',
    targetId: id,
    requestId: ctx.requestId,
    clientIp: ctx.clientIp,
  });
  return toEnquiry(row);
}
