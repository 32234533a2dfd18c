import { hash, verify } from "@node-rs/argon2";

/** Algorithm.Argon2id of @node-rs/argon2 (an ambient const enum, so given by value). */
const ARGON2ID = 2;

/**
 * argon2id with OWASP's minimum profile (19 MiB memory, 2 passes, 1 lane): about 15 ms to hash and
 * 20 ms to verify on this machine (bench/password-hash.mts), computed off the main thread by the
 * native module.
 */
export const PASSWORD_HASH_OPTIONS = {
  algorithm: ARGON2ID,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, PASSWORD_HASH_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A hash of nothing in particular, verified when an e-mail is unknown so both paths take as long. */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword("decoy-password-for-timing");
  return decoy;
}
