import { type SQL, and, count, desc, eq } from 'drizzle-orm';
import type { EnquiryListQuery } from '../../../shared/contracts/enquiries.js';
import { users } from '../../db/schema/auth.js';
import { enquiries } from '../../db/schema/enquiries.js';
import type { Database } from '../../platform/db/database.js';

export type EnquiryRow = typeof enquiries.$inferSelect & { handledByName: string | null };

export async function insertEnquiry(db: Database, values: typeof enquiries.$inferInsert): Promise<string> {
  const [row] = await db.insert(enquiries).values(values).returning({ id: enquiries.id });
  if (!row) throw new Error('enquiry insert returned nothing');
  return row.id;
}

const columns = {
  id: enquiries.id,
  kind: enquiries.kind,
  name: enquiries.name,
  email: enquiries.email,
  phone: enquiries.phone,
  organisation: enquiries.organisation,
  jobTitle: enquiries.jobTitle,
  organisationSize: enquiries.organisationSize,
  topic: enquiries.topic,
  message: enquiries.message,
  regionCode: enquiries.regionCode,
  language: enquiries.language,
  userId: enquiries.userId,
  status: enquiries.status,
  handledAt: enquiries.handledAt,
  handledBy: enquiries.handledBy,
  createdAt: enquiries.createdAt,
  handledByName: users.name,
};

/** A page of enquiries, newest first, with the total that match. */
export async function listEnquiries(db: Database, query: EnquiryListQuery): Promise<{ rows: EnquiryRow[]; total: number }> {
  const conditions: SQL[] = [];
  if (query.kind) conditions.push(eq(enquiries.kind, query.kind));
  if (query.status) conditions.push(eq(enquiries.status, query.status));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [totals]] = await Promise.all([
    db
      .select(columns)
      .from(enquiries)
      .leftJoin(users, eq(users.id, enquiries.handledBy))
      .where(where)
      .orderBy(desc(enquiries.createdAt), desc(enquiries.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(enquiries).where(where),
  ]);
  return { rows, total: Number(totals?.total ?? 0) };
}

export async function updateEnquiryStatus(
  db: Database,
  id: string,
  status: 'new' | 'handled',
  by: string,
  now: Date,
): Promise<EnquiryRow | undefined> {
  const [updated] = await db
    .update(enquiries)
    .set(status === 'handled' ? { status, handledAt: now, handledBy: by } : { status, handledAt: null, handledBy: null })
    .where(eq(enquiries.id, id))
    .returning({ id: enquiries.id });
  if (!updated) return undefined;
  const [row] = await db.select(columns).from(enquiries).leftJoin(users, eq(users.id, enquiries.handledBy)).where(eq(enquiries.id, id));
  return row;
}
