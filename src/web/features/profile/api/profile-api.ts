import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { PROBLEM_CONTENT_TYPE } from '~/shared/problem';
import {
  AVATAR_FIELD,
  type Profile,
  ProfileSchema,
  ProfileSessionsResponseSchema,
  RevokeSessionsResponseSchema,
  type UpdateProfileRequest,
} from '~/shared/contracts/profile';
import { ApiError, CLIENT_ERROR_CODES, apiFetch, readApiResponse } from '~/web/lib/api-client';
import { SESSION_QUERY_KEY, useRefreshSession } from '~/web/lib/session';

export const PROFILE_PATH = '/api/v1/profile';
export const AVATAR_UPLOAD_PATH = '/api/v1/profile/avatar';
export const SESSIONS_PATH = '/api/v1/profile/sessions';

export const PROFILE_QUERY_KEY = ['profile'] as const;
export const SESSIONS_QUERY_KEY = ['profile', 'sessions'] as const;

/** better-auth's endpoints for the password and two-factor sections (mounted at /api/auth). */
export const SECURITY_API = {
  changePassword: '/api/auth/change-password',
  changeEmail: '/api/auth/change-email',
  enableTwoFactor: '/api/auth/two-factor/enable',
  verifyTotp: '/api/auth/two-factor/verify-totp',
  generateBackupCodes: '/api/auth/two-factor/generate-backup-codes',
  disableTwoFactor: '/api/auth/two-factor/disable',
} as const;

const AnyBody = z.unknown();

export function fetchProfile(signal?: AbortSignal): Promise<Profile> {
  return apiFetch(PROFILE_PATH, { schema: ProfileSchema, signal });
}

export function patchProfile(changes: UpdateProfileRequest): Promise<Profile> {
  return apiFetch(PROFILE_PATH, { method: 'PATCH', body: changes, schema: ProfileSchema });
}

/** Sends the image as multipart/form-data; problems come back as ApiError like every other call. */
export async function uploadAvatar(file: Blob): Promise<Profile> {
  const form = new FormData();
  form.append(AVATAR_FIELD, file);
  let response: Response;
  try {
    response = await fetch(AVATAR_UPLOAD_PATH, {
      method: 'POST',
      body: form,
      headers: { accept: `application/json, ${PROBLEM_CONTENT_TYPE}` },
      credentials: 'same-origin',
    });
  } catch (cause) {
    throw new ApiError({ status: 0, code: CLIENT_ERROR_CODES.networkUnavailable, message: 'Network unavailable', cause });
  }
  return readApiResponse(response, ProfileSchema);
}

export function deleteAvatar(): Promise<Profile> {
  return apiFetch(AVATAR_UPLOAD_PATH, { method: 'DELETE', schema: ProfileSchema });
}

export function useProfile() {
  return useQuery({ queryKey: PROFILE_QUERY_KEY, queryFn: ({ signal }) => fetchProfile(signal), staleTime: 0 });
}

/**
 * After a profile change: the answer replaces the cached profile and the session (which the header
 * reads for the name and the avatar) is fetched again.
 */
async function profileChanged(client: QueryClient, profile: Profile): Promise<void> {
  client.setQueryData(PROFILE_QUERY_KEY, profile);
  await client.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
}

function useProfileMutation<TVariables>(mutationFn: (variables: TVariables) => Promise<Profile>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: (profile) => profileChanged(client, profile) });
}

/** A profile change made outside a mutation hook (the header's language picker). */
export async function saveProfile(client: QueryClient, changes: UpdateProfileRequest): Promise<Profile> {
  const profile = await patchProfile(changes);
  await profileChanged(client, profile);
  return profile;
}

export function useUpdateProfile() {
  return useProfileMutation(patchProfile);
}

export function useUploadAvatar() {
  return useProfileMutation(uploadAvatar);
}

export function useDeleteAvatar() {
  return useProfileMutation(() => deleteAvatar());
}

export function useSessions() {
  return useQuery({
    queryKey: SESSIONS_QUERY_KEY,
    queryFn: ({ signal }) => apiFetch(SESSIONS_PATH, { schema: ProfileSessionsResponseSchema, signal }),
    staleTime: 0,
  });
}

function useSessionsMutation<TVariables>(mutationFn: (variables: TVariables) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => client.invalidateQueries({ queryKey: SESSIONS_QUERY_KEY }),
  });
}

export function useRevokeSession() {
  return useSessionsMutation((id: string) => apiFetch(`${SESSIONS_PATH}/${encodeURIComponent(id)}`, { method: 'DELETE', schema: AnyBody }));
}

export function useRevokeOtherSessions() {
  return useSessionsMutation(() => apiFetch(SESSIONS_PATH, { method: 'DELETE', schema: RevokeSessionsResponseSchema }));
}

export interface ChangePasswordRequest {
  currentPassword: string;
  newPassword: string;
}

/** Changes the password (the current one is the re-authentication) and ends every other session. */
export function changePassword(request: ChangePasswordRequest): Promise<unknown> {
  return apiFetch(SECURITY_API.changePassword, { method: 'POST', body: { ...request, revokeOtherSessions: true }, schema: AnyBody });
}

export interface ChangeEmailRequest {
  newEmail: string;
  /** Where the confirmation link leads once followed. */
  callbackURL: string;
}

/** Asks for a new sign-in address: a confirmation link goes to it (needs a recent sign-in). */
export function changeEmail(request: ChangeEmailRequest): Promise<unknown> {
  return apiFetch(SECURITY_API.changeEmail, { method: 'POST', body: request, schema: AnyBody });
}

const EnableTwoFactorResponseSchema = z.object({
  totpURI: z.string().startsWith('otpauth://'),
  backupCodes: z.array(z.string()),
});
export type EnableTwoFactorResponse = z.infer<typeof EnableTwoFactorResponseSchema>;

const BackupCodesResponseSchema = z.object({ backupCodes: z.array(z.string()) });

export function enableTwoFactor(password: string): Promise<EnableTwoFactorResponse> {
  return apiFetch(SECURITY_API.enableTwoFactor, { method: 'POST', body: { password }, schema: EnableTwoFactorResponseSchema });
}

export function verifyTotpEnrolment(code: string): Promise<unknown> {
  return apiFetch(SECURITY_API.verifyTotp, { method: 'POST', body: { code }, schema: AnyBody });
}

export async function generateBackupCodes(password: string): Promise<string[]> {
  const body = await apiFetch(SECURITY_API.generateBackupCodes, { method: 'POST', body: { password }, schema: BackupCodesResponseSchema });
  return body.backupCodes;
}

export function disableTwoFactor(password: string): Promise<unknown> {
  return apiFetch(SECURITY_API.disableTwoFactor, { method: 'POST', body: { password }, schema: AnyBody });
}

/**
 * A security change (password, two-factor): these replace the session cookie, so afterwards the
 * session, the profile and the sessions list are read again.
 */
export function useSecurityMutation<TVariables, TResult>(mutationFn: (variables: TVariables) => Promise<TResult>) {
  const client = useQueryClient();
  const refreshSession = useRefreshSession();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await Promise.all([
        refreshSession(),
        client.invalidateQueries({ queryKey: PROFILE_QUERY_KEY }),
      ]);
    },
  });
}
