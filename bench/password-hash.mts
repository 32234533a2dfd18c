// Cost of one password hash and one verification (argon2id, server/accounts/passwords.ts).
// Run: npx tsx bench/password-hash.mts  (also run at the end of `npm run bench`)
import { hashPassword, PASSWORD_HASH_OPTIONS, verifyPassword } from "../server/accounts/passwords";

const n = Number(process.env.BENCH_HASHES ?? 20);
const sample = await hashPassword("warm-up password");
let t0 = performance.now();
for (let i = 0; i < n; i++) await hashPassword(`Parola1234-${i}`);
const hashMs = (performance.now() - t0) / n;
t0 = performance.now();
for (let i = 0; i < n; i++) await verifyPassword(sample, "warm-up password");
const verifyMs = (performance.now() - t0) / n;
console.log(
  `argon2id m=${PASSWORD_HASH_OPTIONS.memoryCost} KiB t=${PASSWORD_HASH_OPTIONS.timeCost} p=${PASSWORD_HASH_OPTIONS.parallelism}: ` +
    `hash ${hashMs.toFixed(1)} ms, verify ${verifyMs.toFixed(1)} ms (mean of ${n})`,
);
