import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  AcceptInvitationResponseSchema,
  type CreateInvitationRequest,
  type CreateTenantRequest,
  InvitationListSchema,
  InvitationPreviewSchema,
  InvitationSentSchema,
  MemberSchema,
  MembersPageSchema,
  MyTenantsResponseSchema,
  TenantDetailSchema,
  type UpdateTenantRequest,
  UsageResponseSchema,
} from '~/shared/contracts/tenants';
import type { MembershipRole } from '~/shared/roles';
import { apiFetch } from '~/web/lib/api-client';
import { useRefreshSession } from '~/web/lib/session';

/**
 * The organisation API for the web app. Query keys of organisation data start with the
 * organisation's id, so switching organisation never shows another organisation's cached data.
 */
export const tenantKeys = {
  mine: ['tenants', 'mine'] as const,
  scope: (tenantId: string) => ['tenant', tenantId] as const,
  detail: (tenantId: string) => ['tenant', tenantId, 'detail'] as const,
  members: (tenantId: string, params: MembersParams) => ['tenant', tenantId, 'members', params] as const,
  invitations: (tenantId: string) => ['tenant', tenantId, 'invitations'] as const,
  usage: (tenantId: string) => ['tenant', tenantId, 'usage'] as const,
  preview: (token: string) => ['invitation-preview', token] as const,
};

const NoContent = z.unknown();

export interface MembersParams {
  page: number;
  pageSize: number;
  search: string;
}

export function useMyTenants(enabled: boolean) {
  return useQuery({
    queryKey: tenantKeys.mine,
    queryFn: ({ signal }) => apiFetch('/api/v1/tenants', { schema: MyTenantsResponseSchema, signal }),
    enabled,
    staleTime: 30_000,
  });
}

export function useCurrentTenant(tenantId: string) {
  return useQuery({
    queryKey: tenantKeys.detail(tenantId),
    queryFn: ({ signal }) => apiFetch('/api/v1/tenant', { schema: TenantDetailSchema, signal }),
  });
}

export function useMembers(tenantId: string, params: MembersParams) {
  const query = new URLSearchParams({ page: String(params.page), pageSize: String(params.pageSize) });
  if (params.search) query.set('search', params.search);
  return useQuery({
    queryKey: tenantKeys.members(tenantId, params),
    queryFn: ({ signal }) => apiFetch(`/api/v1/tenant/members?${query.toString()}`, { schema: MembersPageSchema, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useInvitations(tenantId: string, enabled: boolean) {
  return useQuery({
    queryKey: tenantKeys.invitations(tenantId),
    queryFn: ({ signal }) => apiFetch('/api/v1/tenant/invitations', { schema: InvitationListSchema, signal }),
    enabled,
  });
}

export function useUsage(tenantId: string) {
  return useQuery({
    queryKey: tenantKeys.usage(tenantId),
    queryFn: ({ signal }) => apiFetch('/api/v1/tenant/usage', { schema: UsageResponseSchema, signal }),
  });
}

export function useInvitationPreview(token: string) {
  return useQuery({
    queryKey: tenantKeys.preview(token),
    queryFn: ({ signal }) =>
      apiFetch(`/api/v1/invitations/preview?${new URLSearchParams({ token }).toString()}`, { schema: InvitationPreviewSchema, signal }),
    enabled: token.length > 0,
    staleTime: 0,
  });
}

/** Creates an organisation; the server switches the session to it, so the session is refreshed. */
export function useCreateTenant() {
  const client = useQueryClient();
  const refreshSession = useRefreshSession();
  return useMutation({
    mutationFn: (body: CreateTenantRequest) => apiFetch('/api/v1/tenants', { method: 'POST', body, schema: TenantDetailSchema }),
    onSuccess: async (tenant) => {
      client.setQueryData(tenantKeys.detail(tenant.id), tenant);
      await Promise.all([refreshSession(), client.invalidateQueries({ queryKey: tenantKeys.mine })]);
    },
  });
}

export function useUpdateTenant(tenantId: string) {
  const client = useQueryClient();
  const refreshSession = useRefreshSession();
  return useMutation({
    mutationFn: (body: UpdateTenantRequest) => apiFetch('/api/v1/tenant', { method: 'PATCH', body, schema: TenantDetailSchema }),
    onSuccess: async (tenant) => {
      client.setQueryData(tenantKeys.detail(tenantId), tenant);
      // The name shows in the header's switcher and in the session.
      await Promise.all([refreshSession(), client.invalidateQueries({ queryKey: tenantKeys.mine })]);
    },
  });
}

export function useChangeMemberRole(tenantId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: MembershipRole }) =>
      apiFetch(`/api/v1/tenant/members/${encodeURIComponent(userId)}`, { method: 'PATCH', body: { role }, schema: MemberSchema }),
    onSettled: () => client.invalidateQueries({ queryKey: [...tenantKeys.scope(tenantId), 'members'] }),
  });
}

export function useRemoveMember(tenantId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => apiFetch(`/api/v1/tenant/members/${encodeURIComponent(userId)}`, { method: 'DELETE', schema: NoContent }),
    onSettled: () => client.invalidateQueries({ queryKey: [...tenantKeys.scope(tenantId), 'members'] }),
  });
}

export function useInvite(tenantId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateInvitationRequest) => apiFetch('/api/v1/tenant/invitations', { method: 'POST', body, schema: InvitationSentSchema }),
    onSettled: () => client.invalidateQueries({ queryKey: tenantKeys.invitations(tenantId) }),
  });
}

export function useResendInvitation(tenantId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch(`/api/v1/tenant/invitations/${encodeURIComponent(id)}/resend`, { method: 'POST', schema: InvitationSentSchema }),
    onSettled: () => client.invalidateQueries({ queryKey: tenantKeys.invitations(tenantId) }),
  });
}

export function useRevokeInvitation(tenantId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch(`/api/v1/tenant/invitations/${encodeURIComponent(id)}`, { method: 'DELETE', schema: NoContent }),
    onSettled: () => client.invalidateQueries({ queryKey: tenantKeys.invitations(tenantId) }),
  });
}

/** Accepts an invitation; the server switches the session, which is then refreshed. */
export function useAcceptInvitation() {
  const client = useQueryClient();
  const refreshSession = useRefreshSession();
  return useMutation({
    mutationFn: (token: string) =>
      apiFetch('/api/v1/invitations/accept', { method: 'POST', body: { token }, schema: AcceptInvitationResponseSchema }),
    onSuccess: async () => {
      await Promise.all([refreshSession(), client.invalidateQueries({ queryKey: tenantKeys.mine })]);
    },
  });
}
