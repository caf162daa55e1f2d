import { z } from 'zod';
import { PROFESSIONAL_STATUSES, ROLES } from '../roles.js';

export const ADMIN_USERS_PAGE_SIZE = 20;
export const ADMIN_USERS_QUERY_MAX_LENGTH = 200;

/** GET /api/v1/admin/users: search by name or email, filter by role and professional status. */
export const AdminUsersQuerySchema = z
  .object({
    query: z.string().trim().max(ADMIN_USERS_QUERY_MAX_LENGTH).optional(),
    role: z.enum(ROLES).optional(),
    professionalStatus: z.enum(PROFESSIONAL_STATUSES).optional(),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
  })
  .strict();
export type AdminUsersQuery = z.infer<typeof AdminUsersQuerySchema>;

export const AdminUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  professionalStatus: z.enum(PROFESSIONAL_STATUSES),
  emailVerified: z.boolean(),
  twoFactorEnabled: z.boolean(),
  image: z.string().nullable(),
  disabledAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;

export const AdminUsersPageSchema = z.object({
  users: z.array(AdminUserSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type AdminUsersPage = z.infer<typeof AdminUsersPageSchema>;

/** What a platform admin may decide about a professional. */
export const PROFESSIONAL_DECISIONS = ['verified', 'rejected'] as const;
export const ProfessionalStatusRequestSchema = z.object({ status: z.enum(PROFESSIONAL_DECISIONS) }).strict();
export type ProfessionalStatusRequest = z.infer<typeof ProfessionalStatusRequestSchema>;

/** Disable and enable carry no body; an empty JSON object is accepted, nothing else. */
export const EmptyRequestSchema = z.object({}).strict().nullish();
