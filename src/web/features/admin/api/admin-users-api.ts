import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AdminUser,
  AdminUserSchema,
  type AdminUsersPage,
  AdminUsersPageSchema,
  type ProfessionalStatusRequest,
} from '~/shared/contracts/admin-users';
import type { ProfessionalStatus, Role } from '~/shared/roles';
import { apiFetch } from '~/web/lib/api-client';

export const ADMIN_USERS_PATH = '/api/v1/admin/users';
export const ADMIN_USERS_QUERY_KEY = ['admin', 'users'] as const;

export interface UserFilters {
  query: string;
  role: Role | '';
  professionalStatus: ProfessionalStatus | '';
  page: number;
}

/** The query string with empty filters left out (the server refuses empty enum values). */
export function usersSearch(filters: UserFilters): string {
  const params = new URLSearchParams();
  if (filters.query.trim()) params.set('query', filters.query.trim());
  if (filters.role) params.set('role', filters.role);
  if (filters.professionalStatus) params.set('professionalStatus', filters.professionalStatus);
  if (filters.page > 1) params.set('page', String(filters.page));
  const search = params.toString();
  return search ? `?${search}` : '';
}

export function fetchUsers(filters: UserFilters, signal?: AbortSignal): Promise<AdminUsersPage> {
  return apiFetch(`${ADMIN_USERS_PATH}${usersSearch(filters)}`, { schema: AdminUsersPageSchema, signal });
}

export function useAdminUsers(filters: UserFilters) {
  return useQuery({
    queryKey: [...ADMIN_USERS_QUERY_KEY, filters],
    queryFn: ({ signal }) => fetchUsers(filters, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export type UserAction = { kind: 'professional-status'; status: ProfessionalStatusRequest['status'] } | { kind: 'disable' } | { kind: 'enable' };

export function runUserAction(userId: string, action: UserAction): Promise<AdminUser> {
  const base = `${ADMIN_USERS_PATH}/${encodeURIComponent(userId)}`;
  if (action.kind === 'professional-status') {
    return apiFetch(`${base}/professional-status`, { method: 'POST', body: { status: action.status }, schema: AdminUserSchema });
  }
  return apiFetch(`${base}/${action.kind}`, { method: 'POST', schema: AdminUserSchema });
}

/** One admin action; the list is read again afterwards either way. */
export function useUserAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, action }: { userId: string; action: UserAction }) => runUserAction(userId, action),
    onSettled: () => client.invalidateQueries({ queryKey: ADMIN_USERS_QUERY_KEY }),
  });
}
