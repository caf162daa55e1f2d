import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AcceptInvitationRequestSchema,
  AcceptInvitationResponseSchema,
  CreateInvitationRequestSchema,
  CreateTenantRequestSchema,
  InvitationListSchema,
  InvitationParamsSchema,
  InvitationPreviewQuerySchema,
  InvitationPreviewSchema,
  InvitationSentSchema,
  MemberParamsSchema,
  MemberSchema,
  MembersPageSchema,
  MembersQuerySchema,
  MyTenantsResponseSchema,
  TenantDetailSchema,
  UpdateMemberRequestSchema,
  UpdateTenantRequestSchema,
  UsageQuerySchema,
  UsageResponseSchema,
} from '../../../shared/contracts/tenants.js';
import type { ContextFactory } from '../../platform/http/request-context.js';
import {
  acceptInvitation,
  changeMemberRole,
  createTenant,
  getCurrentTenant,
  getUsage,
  inviteMember,
  listInvitations,
  listMyTenants,
  listTenantMembers,
  previewInvitation,
  removeMember,
  resendInvitation,
  revokeInvitation,
  updateCurrentTenant,
} from './tenants.service.js';

/**
 * Organisations. /api/v1/tenants is about the caller (their organisations, a new one);
 * /api/v1/tenant/* is always the session's current organisation, never one named in a request.
 */
export const tenantRoutes: FastifyPluginAsyncZod<{ context: ContextFactory }> = async (app, { context }) => {
  const tags = ['tenants'];

  app.get(
    '/api/v1/tenants',
    {
      config: { permission: 'account.self' },
      schema: { tags, summary: 'The organisations the caller is an active member of (current one marked)', response: { 200: MyTenantsResponseSchema } },
    },
    async (request, reply) => reply.header('cache-control', 'no-store').send(await listMyTenants(await context.withActor(request))),
  );

  app.post(
    '/api/v1/tenants',
    {
      config: { permission: 'account.self' },
      schema: {
        tags,
        summary: 'Create an organisation: the caller becomes its owner and the session switches to it',
        body: CreateTenantRequestSchema,
        response: { 201: TenantDetailSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await createTenant(await context.withActor(request), request.body)),
  );

  app.get(
    '/api/v1/tenant',
    {
      config: { permission: 'tenant.read' },
      schema: { tags, summary: "The session's organisation", response: { 200: TenantDetailSchema } },
    },
    async (request) => getCurrentTenant(await context.withActor(request)),
  );

  app.patch(
    '/api/v1/tenant',
    {
      config: { permission: 'tenant.manage' },
      schema: {
        tags,
        summary: "Change the session's organisation: name, domain, branding, two-factor rule for staff",
        body: UpdateTenantRequestSchema,
        response: { 200: TenantDetailSchema },
      },
    },
    async (request) => updateCurrentTenant(await context.withActor(request), request.body),
  );

  app.get(
    '/api/v1/tenant/members',
    {
      config: { permission: 'tenant.staff.read' },
      schema: {
        tags,
        summary: "The organisation's members, newest first, by page, with name or email search",
        querystring: MembersQuerySchema,
        response: { 200: MembersPageSchema },
      },
    },
    async (request) => listTenantMembers(await context.withActor(request), request.query),
  );

  app.patch(
    '/api/v1/tenant/members/:userId',
    {
      config: { permission: 'tenant.members.manage' },
      schema: {
        tags,
        summary: "Change a member's role (only an owner grants or removes owner and admin; never the last owner)",
        params: MemberParamsSchema,
        body: UpdateMemberRequestSchema,
        response: { 200: MemberSchema },
      },
    },
    async (request) => changeMemberRole(await context.withActor(request), request.params.userId, request.body.role),
  );

  app.delete(
    '/api/v1/tenant/members/:userId',
    {
      config: { permission: 'tenant.members.manage' },
      schema: { tags, summary: 'Remove a member (never the last owner)', params: MemberParamsSchema },
    },
    async (request, reply) => {
      await removeMember(await context.withActor(request), request.params.userId);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/v1/tenant/invitations',
    {
      config: { permission: 'tenant.members.manage' },
      schema: {
        tags,
        summary: 'Invite someone by email (valid for 7 days); the link is emailed',
        body: CreateInvitationRequestSchema,
        response: { 201: InvitationSentSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await inviteMember(await context.withActor(request), request.body)),
  );

  app.get(
    '/api/v1/tenant/invitations',
    {
      config: { permission: 'tenant.members.manage' },
      schema: { tags, summary: 'Pending invitations, newest first', response: { 200: InvitationListSchema } },
    },
    async (request) => listInvitations(await context.withActor(request)),
  );

  app.post(
    '/api/v1/tenant/invitations/:id/resend',
    {
      config: { permission: 'tenant.members.manage' },
      schema: {
        tags,
        summary: 'Send an invitation again with a new link and a new 7-day expiry',
        params: InvitationParamsSchema,
        response: { 200: InvitationSentSchema },
      },
    },
    async (request) => resendInvitation(await context.withActor(request), request.params.id),
  );

  app.delete(
    '/api/v1/tenant/invitations/:id',
    {
      config: { permission: 'tenant.members.manage' },
      schema: { tags, summary: 'Revoke a pending invitation', params: InvitationParamsSchema },
    },
    async (request, reply) => {
      await revokeInvitation(await context.withActor(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/v1/tenant/usage',
    {
      config: { permission: 'tenant.staff.read' },
      schema: {
        tags,
        summary: 'Daily usage (active users, sign-ins, storage) between two dates, oldest first',
        querystring: UsageQuerySchema,
        response: { 200: UsageResponseSchema },
      },
    },
    async (request) => getUsage(await context.withActor(request), request.query),
  );

  app.get(
    '/api/v1/invitations/preview',
    {
      // Public: whoever holds the emailed link may see which organisation and role it offers.
      config: { permission: 'public' },
      schema: {
        tags,
        summary: "An invitation's organisation name and role, for a valid token",
        querystring: InvitationPreviewQuerySchema,
        response: { 200: InvitationPreviewSchema },
      },
    },
    async (request, reply) => reply.header('cache-control', 'no-store').send(await previewInvitation(context(request), request.query.token)),
  );

  app.post(
    '/api/v1/invitations/accept',
    {
      config: { permission: 'account.self' },
      schema: {
        tags,
        summary: "Accept an invitation for the signed-in person's email; the session switches to the organisation",
        body: AcceptInvitationRequestSchema,
        response: { 200: AcceptInvitationResponseSchema },
      },
    },
    async (request) => acceptInvitation(await context.withActor(request), request.body.token),
  );
};
