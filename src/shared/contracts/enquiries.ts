import { z } from 'zod';
import { LANGUAGE_CODES } from '../languages.js';
import { REGION_CODES } from '../regions.js';

export const ENQUIRY_KINDS = ['contact', 'demo_request'] as const;
export type EnquiryKind = (typeof ENQUIRY_KINDS)[number];
export const ENQUIRY_STATUSES = ['new', 'handled'] as const;
export type EnquiryStatus = (typeof ENQUIRY_STATUSES)[number];
export const CONTACT_TOPICS = ['general', 'support', 'billing', 'partnerships', 'press', 'accessibility'] as const;
export type ContactTopic = (typeof CONTACT_TOPICS)[number];
export const ORGANISATION_SIZES = ['1-10', '11-50', '51-200', '201-1000', '1000+'] as const;
export type OrganisationSize = (typeof ORGANISATION_SIZES)[number];

export const ENQUIRY_NAME_MAX = 200;
export const ENQUIRY_MESSAGE_MIN = 10;
export const ENQUIRY_MESSAGE_MAX = 5000;

/** Message keys (forms namespace) the web form shows for each rule; the server answers with field paths. */
const name = z.string().trim().min(1, 'name.required').max(ENQUIRY_NAME_MAX, 'name.tooLong');
const email = z.string().trim().toLowerCase().max(254, 'email.invalid').pipe(z.email('email.invalid'));
const phone = z
  .string()
  .trim()
  .max(40, 'phone.invalid')
  .regex(/^[+()\d\s.-]*$/, 'phone.invalid')
  .optional()
  .transform((value) => (value ? value : undefined));
const message = z.string().trim().min(ENQUIRY_MESSAGE_MIN, 'message.tooShort').max(ENQUIRY_MESSAGE_MAX, 'message.tooLong');
const language = z.enum(LANGUAGE_CODES as [string, ...string[]]).default('en');

export const ContactEnquirySchema = z
  .object({
    kind: z.literal('contact'),
    name,
    email,
    phone,
    topic: z.enum(CONTACT_TOPICS, 'topic.required'),
    message,
    regionCode: z.enum(REGION_CODES).default('US'),
    language,
  })
  .strict();

export const DemoRequestSchema = z
  .object({
    kind: z.literal('demo_request'),
    name,
    email,
    phone,
    organisation: z.string().trim().min(1, 'organisation.required').max(ENQUIRY_NAME_MAX, 'organisation.tooLong'),
    jobTitle: z.string().trim().min(1, 'jobTitle.required').max(ENQUIRY_NAME_MAX, 'jobTitle.tooLong'),
    organisationSize: z.enum(ORGANISATION_SIZES, 'organisationSize.required'),
    regionCode: z.enum(REGION_CODES, 'regionCode.required'),
    message,
    language,
  })
  .strict();

export const CreateEnquiryRequestSchema = z.discriminatedUnion('kind', [ContactEnquirySchema, DemoRequestSchema]);
export type CreateEnquiryRequest = z.infer<typeof CreateEnquiryRequestSchema>;
export type ContactEnquiryInput = z.input<typeof ContactEnquirySchema>;
export type DemoRequestInput = z.input<typeof DemoRequestSchema>;

export const CreateEnquiryResponseSchema = z.object({ id: z.uuid() });

export const EnquirySchema = z.object({
  id: z.uuid(),
  kind: z.enum(ENQUIRY_KINDS),
  status: z.enum(ENQUIRY_STATUSES),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  organisation: z.string().nullable(),
  jobTitle: z.string().nullable(),
  organisationSize: z.string().nullable(),
  topic: z.string().nullable(),
  message: z.string(),
  regionCode: z.string(),
  language: z.string(),
  createdAt: z.iso.datetime(),
  handledAt: z.iso.datetime().nullable(),
  handledBy: z.object({ userId: z.uuid(), name: z.string() }).nullable(),
});
export type Enquiry = z.infer<typeof EnquirySchema>;

export const ENQUIRY_PAGE_SIZE = 20;

export const EnquiryListQuerySchema = z.object({
  kind: z.enum(ENQUIRY_KINDS).optional(),
  status: z.enum(ENQUIRY_STATUSES).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(ENQUIRY_PAGE_SIZE),
});
export type EnquiryListQuery = z.infer<typeof EnquiryListQuerySchema>;

export const EnquiryListSchema = z.object({
  items: z.array(EnquirySchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type EnquiryList = z.infer<typeof EnquiryListSchema>;

export const EnquiryIdParamsSchema = z.object({ id: z.uuid() });
export const UpdateEnquiryRequestSchema = z.object({ status: z.enum(ENQUIRY_STATUSES) }).strict();
