import { and, asc, eq, isNotNull, isNull, lt, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { ACCOUNT_RETENTION_DAYS } from "../../common/constants";
import type { AreaModule, AccountAnonymiser } from "../core/app-context";
import type { Database } from "../db/client";
import { jobs } from "../jobs/schema";
import { mailOutbox } from "../mail/schema";
import { emailCodes, sessions, users } from "./schema";
import { enqueueJob } from "../jobs/queue";
import { MAIL_JOB } from "../mail/mailer";
import type { Logger } from "../platform/logger";
import type { FileStorage } from "../platform/storage";
import { removeAvatarFile } from "./upload-photo";
import { AUDIT_ACTIONS, writeAudit } from "./audit";
import { newSecret } from "./tokens";

/** The daily job that erases accounts whose deletion request is older than the retention period. */
export const PURGE_JOB = "accounts.purge";
/** The name an erased account keeps (the row stays, so references to it stay valid). */
export const ERASED_NAME = "Silinmiş üye";
/** Accounts erased per run at most; the rest wait for the next run. */
export const PURGE_BATCH = 500;

const DAY_MS = 24 * 3600 * 1000;

/** Matches an address field holding exactly `email` or "Name <email>". */
function addressIs(column: AnyColumn | SQL, email: string): SQL {
  const bracketed = `%<${email.replace(/[\\%_]/g, (c) => `\\${c}`)}>`;
  return sql`(lower(${column}) = ${email} OR lower(${column}) LIKE ${bracketed} ESCAPE '\\')`;
}

/** Mails sent to the account: the outbox keeps that a mail went out, not to whom or what it said. */
export const mailRecords: AccountAnonymiser = {
  name: "mail",
  async run({ tx, formerEmail, erasedEmail }) {
    await tx
      .update(mailOutbox)
      .set({ toAddress: erasedEmail, textBody: "", htmlBody: null })
      .where(addressIs(mailOutbox.toAddress, formerEmail));
    // Mail jobs carry the address and the text (codes, names) in their payload.
    await tx.delete(jobs).where(and(eq(jobs.kind, MAIL_JOB), addressIs(sql`${jobs.payload}->>'to'`, formerEmail)));
  },
};

export interface PurgeDeps {
  db: Database;
  log: Logger;
  storage: FileStorage;
  /** The areas whose anonymisers run when an account is erased. */
  modules: readonly Pick<AreaModule, "anonymisers">[];
}

/** The moment before which a deletion request has run its course. */
export function retentionCutoff(now: Date): Date {
  return new Date(now.getTime() - ACCOUNT_RETENTION_DAYS * DAY_MS);
}

const due = (cutoff: Date) =>
  and(isNull(users.erasedAt), isNotNull(users.deletionRequestedAt), lt(users.deletionRequestedAt, cutoff));

/**
 * Erases one account for good if its deletion request is older than the retention period, in
 * one transaction: personal fields blanked, the e-mail freed for a new registration, sessions
 * and mailed codes deleted, anonymisers run, an audit entry written. The row is locked and
 * checked again inside the transaction, so two runs at once erase it once. Returns whether this
 * call erased it. The profile photo is deleted from disk after the commit.
 */
export async function eraseAccount(deps: PurgeDeps, userId: number, now = new Date()): Promise<boolean> {
  const erased = await deps.db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, email: users.email, image: users.image, deletionRequestedAt: users.deletionRequestedAt })
      .from(users)
      .where(and(eq(users.id, userId), due(retentionCutoff(now))))
      .for("update");
    if (!user) return null;
    const erasedEmail = `deleted-${user.id}@invalid`;
    for (const anonymiser of deps.modules.flatMap((m) => m.anonymisers ?? [])) {
      await anonymiser.run({ tx, userId: user.id, formerEmail: user.email.toLowerCase(), erasedEmail, now });
    }
    await tx
      .update(users)
      .set({
        fullName: ERASED_NAME,
        email: erasedEmail,
        // Not an argon2 hash: verification of any password fails.
        passwordHash: `!erased:${newSecret()}`,
        isAdmin: false,
        phone: null,
        cityCode: null,
        about: null,
        skills: [],
        social: {},
        image: null,
        emailVerifiedAt: null,
        advertisingConsentAt: null,
        // membershipAcceptedAt and kvkkAcceptedAt stay: the proof of what was agreed, and when.
        erasedAt: now,
        updatedAt: now,
      })
      .where(eq(users.id, user.id));
    await tx.delete(sessions).where(eq(sessions.userId, user.id));
    await tx.delete(emailCodes).where(eq(emailCodes.userId, user.id));
    await writeAudit(tx, {
      actorId: null,
      action: AUDIT_ACTIONS.erased,
      targetUserId: user.id,
      details: { deletionRequestedAt: user.deletionRequestedAt?.toISOString() ?? null },
    });
    return { image: user.image };
  });
  if (!erased) return false;
  if (erased.image) await removeAvatar(deps, erased.image);
  return true;
}

async function removeAvatar(deps: PurgeDeps, image: string): Promise<void> {
  try {
    await removeAvatarFile(deps.storage, image);
  } catch (err) {
    deps.log.error({ err, image }, "could not delete an erased account's photo");
  }
}

/**
 * Erases every account whose deletion request is older than ACCOUNT_RETENTION_DAYS. One failing
 * account is logged and left for the next run; the others go on.
 */
export async function purgeDeletedAccounts(deps: PurgeDeps, now = new Date()): Promise<{ erased: number; failed: number }> {
  const candidates = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(due(retentionCutoff(now)))
    .orderBy(asc(users.deletionRequestedAt))
    .limit(PURGE_BATCH);
  let erased = 0;
  let failed = 0;
  for (const { id } of candidates) {
    try {
      if (await eraseAccount(deps, id, now)) erased++;
    } catch (err) {
      failed++;
      deps.log.error({ err, userId: id }, "account erasure failed");
    }
  }
  if (erased || failed) deps.log.info({ erased, failed }, "deleted accounts purged");
  return { erased, failed };
}

/** The next nightly run: 03:00 in Istanbul (00:00 UTC, no daylight saving), at least an hour ahead. */
export function nextPurgeRun(now: Date): Date {
  const next = new Date(now.getTime() + 3600_000);
  next.setUTCHours(24, 0, 0, 0);
  return next;
}

/**
 * Puts the purge in the job table unless one is already waiting: the unique key lets one
 * unfinished "accounts.purge" job exist however many instances start.
 */
export async function schedulePurge(db: Pick<Database, "insert">, runAt: Date): Promise<void> {
  await enqueueJob(db, { kind: PURGE_JOB, payload: {}, uniqueKey: PURGE_JOB, runAt, maxAttempts: 5 });
}

/**
 * Called by the running purge job when it is done: hands the unique key over to the next run
 * (the running job still holds it until the worker marks it done, which would make the next
 * enqueue a no-op) and schedules that run, about 24 hours later.
 */
export async function scheduleNextPurge(db: Database, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(jobs)
      .set({ uniqueKey: null })
      .where(
        and(
          eq(jobs.uniqueKey, PURGE_JOB),
          isNull(jobs.doneAt),
          isNull(jobs.failedAt),
          // Only the job being run (claimed, lease running), never a waiting one.
          sql`${jobs.lockedUntil} > now()`,
        ),
      );
    await schedulePurge(tx, nextPurgeRun(now));
  });
}

/** The job handler: purge, then book the next run. */
export async function runPurgeJob(deps: PurgeDeps): Promise<void> {
  await purgeDeletedAccounts(deps);
  await scheduleNextPurge(deps.db);
}
