import { desc, eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database } from "../db/client";
import { auditLog, users } from "./schema";

/**
 * The actions written to the audit log. Stored as plain text so later features can add their
 * own ("company.approve" …); the page translates "admin.audit.actions.<action with _ for .>".
 */
export const AUDIT_ACTIONS = {
  grantAdmin: "admin.grant",
  revokeAdmin: "admin.revoke",
  deactivate: "user.deactivate",
  restore: "user.restore",
  erased: "account.erased",
} as const;

export interface AuditInput {
  /** Who did it; null for the system (a scheduled job). */
  actorId: number | null;
  action: string;
  targetUserId: number | null;
  /** Facts about the change, never personal data (the log outlives erasure). */
  details?: Record<string, unknown>;
}

/** Writes one entry. Pass the transaction of the change so both commit or neither does. */
export async function writeAudit(db: Pick<Database, "insert">, entry: AuditInput): Promise<void> {
  await db.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    targetUserId: entry.targetUserId,
    details: entry.details ?? {},
  });
}

export interface AuditEntry {
  id: number;
  action: string;
  actorId: number | null;
  /** The actor's current name (an erased actor shows the erased placeholder); null for the system. */
  actorName: string | null;
  details: Record<string, unknown>;
  createdAt: Date;
}

/** The newest entries about one user, newest first. */
export async function listAuditForUser(db: Database, targetUserId: number, limit = 20): Promise<AuditEntry[]> {
  const actor = alias(users, "actor");
  return db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      actorId: auditLog.actorId,
      actorName: actor.fullName,
      details: auditLog.details,
      createdAt: auditLog.createdAt,
    })
    .from(auditLog)
    .leftJoin(actor, eq(actor.id, auditLog.actorId))
    .where(eq(auditLog.targetUserId, targetUserId))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit);
}
