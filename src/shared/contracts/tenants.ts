import { z } from 'zod';
import { CalendarDateSchema } from './instants.js';
import { TENANT_PERMISSIONS } from '../permissions.js';
import { INVITABLE_MEMBERSHIP_ROLES, MEMBERSHIP_ROLES, PLAN_TYPES } from '../roles.js';

/**
 * Organisations (tenants), their members, invitations and daily usage: the request and response
 * bodies of /api/v1/tenants, /api/v1/tenant/* and /api/v1/invitations/*. Request objects are
 * strict, so a body that carries tenantId, userId, status, planType or adminUserId is refused:
 * the organisation always comes from the session.
 */

/** Spec §9: a new organisation's trial, and how long an invitation stays valid. */
export const TENANT_TRIAL_DAYS = 30;
export const INVITATION_EXPIRY_DAYS = 7;
export const INVITATION_EXPIRY_HOURS = INVITATION_EXPIRY_DAYS * 24;
/** The usage screen's default range, and the longest range one request may ask for. */
export const USAGE_DEFAULT_DAYS = 30;
export const USAGE_MAX_DAYS = 366;
export const MEMBERS_DEFAULT_PAGE_SIZE = 20;
export const MEMBERS_MAX_PAGE_SIZE = 100;

/** The database's own rule for slugs (tenants_slug_format). */
export const TENANT_SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const DOMAIN_PATTERN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,62}$/;
const HEX_COLOUR_PATTERN = /^#[0-9a-fA-F]{6}$/;

export const TenantNameSchema = z.string().trim().min(1).max(200);
export const TenantSlugSchema = z.string().trim().toLowerCase().min(1).max(63).regex(TENANT_SLUG_PATTERN);
export const TenantDomainSchema = z.string().trim().toLowerCase().max(253).regex(DOMAIN_PATTERN);
const EmailSchema = z.string().trim().toLowerCase().max(254).pipe(z.email());

/** Suggests a slug from an organisation's name ('Harbour View Clinic' → 'harbour-view-clinic'). */
export function suggestSlug(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 63)
    .replace(/-+$/g, '');
}


// ---- Organisation ----------------------------------------------------------------------

export const TenantBrandingSchema = z.object({
  primaryColor: z.string().regex(HEX_COLOUR_PATTERN).optional(),
  logoUrl: z.string().optional(),
});
export type TenantBranding = z.infer<typeof TenantBrandingSchema>;

/** GET /api/v1/tenant (and the answer to create and update). */
export const TenantDetailSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  domain: z.string().nullable(),
  planType: z.enum(PLAN_TYPES),
  features: z.record(z.string(), z.boolean()),
  branding: TenantBrandingSchema,
  trialEndsAt: z.string().nullable(),
  requireMfaForStaff: z.boolean(),
  createdAt: z.string(),
  /** The caller's role in this organisation. */
  membershipRole: z.enum(MEMBERSHIP_ROLES),
});
export type TenantDetail = z.infer<typeof TenantDetailSchema>;

/** One organisation the caller is an active member of (the header's tenant switcher). */
export const MyTenantSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  planType: z.enum(PLAN_TYPES),
  membershipRole: z.enum(MEMBERSHIP_ROLES),
  current: z.boolean(),
});
export type MyTenant = z.infer<typeof MyTenantSchema>;

export const MyTenantsResponseSchema = z.object({
  tenants: z.array(MyTenantSchema),
  currentTenantId: z.string().nullable(),
});
export type MyTenantsResponse = z.infer<typeof MyTenantsResponseSchema>;

/** POST /api/v1/tenants: the caller becomes its owner and the session switches to it. */
export const CreateTenantRequestSchema = z
  .object({
    name: TenantNameSchema,
    slug: TenantSlugSchema,
    domain: TenantDomainSchema.nullish(),
  })
  .strict();
export type CreateTenantRequest = z.infer<typeof CreateTenantRequestSchema>;

/** Branding as it is changed: a value sets it, null clears it, absent leaves it. */
export const TenantBrandingUpdateSchema = z
  .object({
    primaryColor: z.string().regex(HEX_COLOUR_PATTERN).nullable().optional(),
    logoUrl: z
      .url({ protocol: /^https$/, hostname: z.regexes.domain })
      .max(500)
      .nullable()
      .optional(),
  })
  .strict();

/** PATCH /api/v1/tenant. The plan is not self-service, so it is not part of this body. */
export const UpdateTenantRequestSchema = z
  .object({
    name: TenantNameSchema.optional(),
    domain: TenantDomainSchema.nullable().optional(),
    branding: TenantBrandingUpdateSchema.optional(),
    requireMfaForStaff: z.boolean().optional(),
  })
  .strict()
  .refine((body) => Object.values(body).some((value) => value !== undefined), 'change at least one field');
export type UpdateTenantRequest = z.infer<typeof UpdateTenantRequestSchema>;

// ---- Members -----------------------------------------------------------------------------

export const MemberSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  image: z.string().nullable(),
  role: z.enum(MEMBERSHIP_ROLES),
  status: z.enum(['active', 'suspended']),
  permissions: z.array(z.string()),
  joinedAt: z.string().nullable(),
  createdAt: z.string(),
  invitedBy: z.object({ userId: z.string(), name: z.string() }).nullable(),
});
export type Member = z.infer<typeof MemberSchema>;

export const MembersQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(MEMBERS_MAX_PAGE_SIZE).default(MEMBERS_DEFAULT_PAGE_SIZE),
    /** Part of a name or an email address. */
    search: z.string().trim().max(200).optional(),
  })
  .strict();
export type MembersQuery = z.infer<typeof MembersQuerySchema>;

export const MembersPageSchema = z.object({
  members: z.array(MemberSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type MembersPage = z.infer<typeof MembersPageSchema>;

export const MemberParamsSchema = z.object({ userId: z.uuid() }).strict();

export const UpdateMemberRequestSchema = z.object({ role: z.enum(MEMBERSHIP_ROLES) }).strict();
export type UpdateMemberRequest = z.infer<typeof UpdateMemberRequestSchema>;

// ---- Invitations ---------------------------------------------------------------------------

export const InvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(INVITABLE_MEMBERSHIP_ROLES),
  permissions: z.array(z.string()),
  invitedBy: z.object({ userId: z.string(), name: z.string() }).nullable(),
  expiresAt: z.string(),
  createdAt: z.string(),
});
export type Invitation = z.infer<typeof InvitationSchema>;

export const InvitationListSchema = z.object({ invitations: z.array(InvitationSchema) });

/** The answer to creating or resending: whether the email went out (the invitation stands either way). */
export const InvitationSentSchema = z.object({ invitation: InvitationSchema, emailSent: z.boolean() });
export type InvitationSent = z.infer<typeof InvitationSentSchema>;

export const CreateInvitationRequestSchema = z
  .object({
    email: EmailSchema,
    role: z.enum(INVITABLE_MEMBERSHIP_ROLES),
    /** Extra tenant permissions recorded on the membership when the invitation is accepted. */
    permissions: z
      .array(z.enum(TENANT_PERMISSIONS))
      .max(TENANT_PERMISSIONS.length)
      .refine((list) => new Set(list).size === list.length, 'must not repeat a permission')
      .optional(),
  })
  .strict();
export type CreateInvitationRequest = z.infer<typeof CreateInvitationRequestSchema>;

export const InvitationParamsSchema = z.object({ id: z.uuid() }).strict();

/** The emailed token: 32 random bytes, base64url (43 characters). */
export const InvitationTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/);

export const InvitationPreviewQuerySchema = z.object({ token: z.string().max(200) }).strict();
/** What a link's holder may see before accepting: the organisation and the role, nothing else. */
export const InvitationPreviewSchema = z.object({
  tenantName: z.string(),
  role: z.enum(INVITABLE_MEMBERSHIP_ROLES),
  expiresAt: z.string(),
});
export type InvitationPreview = z.infer<typeof InvitationPreviewSchema>;

export const AcceptInvitationRequestSchema = z.object({ token: z.string().max(200) }).strict();
export const AcceptInvitationResponseSchema = z.object({
  tenantId: z.string(),
  tenantName: z.string(),
  role: z.enum(INVITABLE_MEMBERSHIP_ROLES),
  /** False when the organisation's rules (two-factor for staff) keep the session from switching. */
  switched: z.boolean(),
});
export type AcceptInvitationResponse = z.infer<typeof AcceptInvitationResponseSchema>;

// ---- Usage -----------------------------------------------------------------------------------

export const UsageQuerySchema = z
  .object({
    from: CalendarDateSchema.optional(),
    to: CalendarDateSchema.optional(),
  })
  .strict();
export type UsageQuery = z.infer<typeof UsageQuerySchema>;

export const UsageDaySchema = z.object({
  date: z.string(),
  activeUsers: z.number().int(),
  signIns: z.number().int(),
  storageBytes: z.number(),
});
export type UsageDay = z.infer<typeof UsageDaySchema>;

export const UsageResponseSchema = z.object({
  from: z.string(),
  to: z.string(),
  days: z.array(UsageDaySchema),
});
export type UsageResponse = z.infer<typeof UsageResponseSchema>;
