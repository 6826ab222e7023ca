import type { Database } from '../db/client';
import { auditLog } from '../db/schema';

export type AuditRow = typeof auditLog.$inferInsert;

export async function insertAuditEntry(tx: Database, row: AuditRow): Promise<void> {
  await tx.insert(auditLog).values(row);
}
