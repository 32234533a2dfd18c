// `npm run soak [-- --minutes 10 --rate 20]` (issue 22, item 6): two instances of the built site
// (tests/cluster/cluster.ts: the machine's PostgreSQL and Redis, an S3-compatible server, an SMTP
// peer) with the labelled demo data, under a realistic mix for `minutes`: guests reading the home
// page, lists, package pages and blog posts, searching and taking speed tests; members writing
// package reviews and blog comments; companies withdrawing and restoring packages. Requests are
// sent at `rate` a second (open loop: a slow answer does not slow the load), alternating A and B.
// Every minute it prints p50/p99 per kind, errors, each instance's memory (RSS) and the machine's
// CPU steal. Ends with a verdict: zero errors, and each instance's RSS in the last minute within
// 10 % of the second minute's. Exit code 1 when either fails.
import { readFileSync } from "node:fs";
import { isNull, sql } from "drizzle-orm";
import { blogPosts } from "../server/blog/schema";
import { packages } from "../server/packages/schema";
import { ensureBuild } from "../scripts/ensure-build.mjs";
import { insertUser } from "../tests/helpers/companies";
import { makeCompany, makePackage } from "../tests/helpers/packages";
import { startCluster, type Instance } from "../tests/cluster/cluster";
import { cpuBetween, cpuSnapshot } from "./cpu.mjs";

const arg = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const MINUTES = arg("minutes", 10);
const RATE = arg("rate", 20);
const MAX_IN_FLIGHT = 64;

type Kind = "home" | "list" | "package" | "post" | "search" | "suggest" | "speedtest" | "review" | "comment" | "company edit";
/** How often each kind comes, out of the sum. */
const MIX: [Kind, number][] = [
  ["home", 14],
  ["list", 14],
  ["package", 16],
  ["post", 12],
  ["search", 8],
  ["suggest", 10],
  ["speedtest", 10],
  ["review", 6],
  // A member may comment once in 5 minutes: 400 members carry 0.8 a second.
  ["comment", 4],
  ["company edit", 4],
];
const TOTAL = MIX.reduce((s, [, w]) => s + w, 0);
const pick = (): Kind => {
  let r = Math.random() * TOTAL;
  for (const [kind, w] of MIX) if ((r -= w) < 0) return kind;
  return "home";
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const rssMb = (pid: number | undefined) => {
  if (!pid) return 0;
  const line = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return line ? Number(line[1]) / 1024 : 0;
};
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : 0;
};

async function main() {
  ensureBuild({ log: () => {}, buildDir: "build" });
  console.log(`soak: two instances, ${MINUTES} min at ${RATE} requests/s (starting; the demo data is seeded first)…`);
  // Seeding the demo catalogue on PostgreSQL takes a while on a busy machine.
  const c = await startCluster({ TRUST_PROXY: "loopback", SEED_DEMO: "1", LOG_LEVEL: "warn", JOB_POLL_MS: "1000" }, { listenWithinMs: 600_000 });
  try {
    const db = c.database.db;
    // What the readers read: links taken from the pages themselves.
    const links = async (from: string, pattern: RegExp) => [...new Set([...(await (await c.a.fetch(from)).text()).matchAll(pattern)].map((m) => m[1]!))];
    const packagePages = await links("/paketler", /href="(\/[^"?#]+\/paket\/[^"?#]+)"/g);
    const postPages = await links("/blog", /href="(\/blog\/[^"?#/]+)"/g);
    const lists = ["/paketler", "/paketler?sayfa=2", "/kablolu-internet", "/en/paketler", "/blog", "/en/blog"];
    const words = ["fiber", "turk", "superonline", "vodafone", "hosting", "kablo", "internet", "millenicom", "sunucu", "altyapi"];
    const reviewable = (await db.select({ id: packages.id }).from(packages).where(isNull(packages.withdrawnAt)).limit(200)).map((p) => p.id);
    const posts = (await db.select({ id: blogPosts.id }).from(blogPosts).where(sql`state = 'published'`).limit(100)).map((p) => p.id);
    if (!packagePages.length || !postPages.length || !reviewable.length || !posts.length) throw new Error("the demo data has no packages or posts to read");
    // Writers: members (each writes a review and a comment at most every few minutes, within the limits) and three companies.
    const members = await Promise.all(Array.from({ length: 400 }, (_, i) => insertUser(db, { email: `soak-uye-${i}@example.com`, fullName: `Soak Üye ${i}` })));
    const owners: { token: string; company: number; packages: number[]; withdrawn: Set<number> }[] = [];
    for (let i = 0; i < 3; i++) {
      const owner = await insertUser(db, { email: `soak-firma-${i}@example.com`, accountType: "corporate" });
      const company = await makeCompany(db, { ownerId: owner.id, name: `Soak Fiber ${i} AŞ` });
      const own: number[] = [];
      for (let p = 0; p < 10; p++) own.push(await makePackage(db, company.id, { title: `Soak Fiber ${i}-${p}`, price: String(300 + p) }));
      owners.push({ token: owner.token, company: company.id, packages: own, withdrawn: new Set() });
    }
    console.log(`soak: ${packagePages.length} package pages, ${postPages.length} posts, ${reviewable.length} packages to review, ${members.length} members, ${owners.length} companies`);

    let seq = 0;
    const nextIp = () => {
      const n = ++seq;
      return `10.${100 + ((n >> 16) & 63)}.${(n >> 8) & 255}.${n & 255}`;
    };
    const json = (instance: Instance, path: string, body: unknown, headers: Record<string, string>) =>
      instance.fetch(`/api/v1${path}`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });
    const any = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;
    let reviewer = 0;
    let commenter = 0;

    interface Sample {
      kind: Kind;
      ms: number;
      ok: boolean;
      status: number;
      minute: number;
    }
    const samples: Sample[] = [];
    const errors: string[] = [];
    const started = Date.now();
    const minuteOf = () => Math.floor((Date.now() - started) / 60_000);
    /** Times one request of `kind`; a 5xx, a cut connection or an unexpected status is an error. */
    const timed = async (kind: Kind, send: () => Promise<Response>, expected: (s: number) => boolean = (s) => s === 200) => {
      const t0 = performance.now();
      let status = 0;
      try {
        const res = await send();
        status = res.status;
        await res.arrayBuffer();
      } catch {
        // A cut connection: status stays 0, an error.
      }
      const ok = expected(status);
      samples.push({ kind, ms: performance.now() - t0, ok, status, minute: minuteOf() });
      if (!ok && errors.length < 50) errors.push(`${kind} → ${status}`);
    };

    const run = async (kind: Kind, instance: Instance) => {
      const ip = { "x-forwarded-for": nextIp() };
      switch (kind) {
        case "home":
          return timed(kind, () => instance.fetch(Math.random() < 0.8 ? "/" : "/en", { headers: ip }));
        case "list":
          return timed(kind, () => instance.fetch(any(lists), { headers: ip }));
        case "package":
          return timed(kind, () => instance.fetch(any(packagePages), { headers: ip }));
        case "post":
          return timed(kind, () => instance.fetch(any(postPages), { headers: ip }));
        case "search":
          return timed(kind, () => instance.fetch(`/arama/${any(words)}`, { headers: ip }));
        case "suggest":
          return timed(kind, () => instance.fetch(`/api/v1/search/suggestions?q=${encodeURIComponent(any(words).slice(0, 3 + Math.floor(Math.random() * 4)))}`, { headers: ip }));
        case "speedtest": {
          const base = "/api/v1/speedtest";
          let testId = "";
          await timed(kind, async () => {
            const res = await instance.fetch(`${base}/start`, { method: "POST", headers: ip });
            testId = res.status === 200 ? ((await res.clone().json()) as { testId: string }).testId : "";
            return res;
          });
          if (!testId) return;
          for (let i = 0; i < 4; i++) await timed(kind, () => instance.fetch(`${base}/ping?t=${testId}`, { headers: ip }));
          await timed(kind, () => instance.fetch(`${base}/download?t=${testId}&bytes=500000`, { headers: ip }));
          return timed(kind, () => instance.fetch(`${base}/finish?t=${testId}`, { method: "POST", headers: ip }));
        }
        case "review": {
          const member = members[reviewer++ % members.length]!;
          const body = { fullName: "Soak Üye", title: "Hızlı ve kararlı", body: "Akşam saatlerinde de hız düşmedi, kurulum iki günde yapıldı.", score: 1 + (seq % 5) };
          // 200 (written or the member's earlier review replaced); a sixth within the hour would be 429, which the rotation avoids.
          return timed(kind, () => json(instance, `/packages/${any(reviewable)}/reviews`, body, { ...ip, authorization: `Bearer ${member.token}` }));
        }
        case "comment": {
          const member = members[commenter++ % members.length]!;
          const body = { name: "Soak Okur", email: `soak-okur-${commenter}@example.com`, body: "Yazı için teşekkürler, çok işime yaradı." };
          return timed(kind, () => json(instance, `/blog/posts/${any(posts)}/comments`, body, { ...ip, authorization: `Bearer ${member.token}` }));
        }
        case "company edit": {
          const owner = any(owners);
          const packageId = any(owner.packages);
          const restore = owner.withdrawn.has(packageId);
          await timed(kind, () => json(instance, `/my/companies/${owner.company}/packages/${packageId}/${restore ? "restore" : "withdraw"}`, {}, { ...ip, authorization: `Bearer ${owner.token}` }));
          if (restore) owner.withdrawn.delete(packageId);
          else owner.withdrawn.add(packageId);
          return;
        }
      }
    };

    const pids = { A: c.a.pid!, B: c.b.pid! };
    const rss: Record<"A" | "B", number[]> = { A: [], B: [] };
    let cpuMark = cpuSnapshot(pids);
    const report = (minute: number) => {
      const of = samples.filter((s) => s.minute === minute);
      const cpu = cpuBetween(cpuMark, (cpuMark = cpuSnapshot(pids)));
      rss.A.push(rssMb(pids.A));
      rss.B.push(rssMb(pids.B));
      const rows = MIX.map(([kind]) => {
        const k = of.filter((s) => s.kind === kind);
        return { kind, requests: k.length, "p50 ms": Math.round(percentile(k.map((s) => s.ms), 50)), "p99 ms": Math.round(percentile(k.map((s) => s.ms), 99)), errors: k.filter((s) => !s.ok).length };
      });
      console.log(
        `minute ${minute + 1}: ${of.length} requests (${(of.length / 60).toFixed(1)}/s), RSS A ${rss.A.at(-1)!.toFixed(0)} MB, B ${rss.B.at(-1)!.toFixed(0)} MB, CPU A ${cpu?.A?.toFixed(2) ?? "?"} B ${cpu?.B?.toFixed(2) ?? "?"} cores, steal ${cpu ? ((cpu.steal / 2) * 100).toFixed(1) : "?"} %`,
      );
      console.table(rows);
    };

    // The load: one request every 1000/RATE ms, alternating instances, at most MAX_IN_FLIGHT out.
    let inFlight = 0;
    let sent = 0;
    const running: Promise<void>[] = [];
    let reported = 0;
    while (Date.now() - started < MINUTES * 60_000) {
      const due = started + (sent * 1000) / RATE;
      if (Date.now() < due) await sleep(due - Date.now());
      while (minuteOf() > reported) report(reported++);
      if (inFlight >= MAX_IN_FLIGHT) {
        samples.push({ kind: "home", ms: 0, ok: false, status: -1, minute: minuteOf() });
        errors.push(`more than ${MAX_IN_FLIGHT} requests out at once: the instances do not keep up`);
        await sleep(50);
        continue;
      }
      const instance = sent++ % 2 ? c.b : c.a;
      inFlight++;
      const p = run(pick(), instance).finally(() => inFlight--);
      running.push(p);
      if (running.length > 1000) running.splice(0, 500);
    }
    await Promise.all(running);
    while (reported < MINUTES) report(reported++);

    const failed = samples.filter((s) => !s.ok);
    const flat = (list: number[]) => (list.length >= 3 ? Math.abs(list.at(-1)! - list[1]!) / list[1]! : 0);
    const verdict = {
      minutes: MINUTES,
      "requests/s asked": RATE,
      requests: samples.length,
      errors: failed.length,
      "first errors": errors.slice(0, 10),
      "p99 ms over the run, per kind": Object.fromEntries(MIX.map(([kind]) => [kind, Math.round(percentile(samples.filter((s) => s.kind === kind).map((s) => s.ms), 99))])),
      "RSS MB A (2nd, last minute)": [rss.A[1]?.toFixed(0), rss.A.at(-1)?.toFixed(0)],
      "RSS MB B (2nd, last minute)": [rss.B[1]?.toFixed(0), rss.B.at(-1)?.toFixed(0)],
      "RSS change A, B (%)": [(flat(rss.A) * 100).toFixed(1), (flat(rss.B) * 100).toFixed(1)],
      "instance errors logged": [...c.a.takeErrors(), ...c.b.takeErrors()].length,
    };
    console.log(JSON.stringify(verdict, null, 2));
    const ok = failed.length === 0 && flat(rss.A) <= 0.1 && flat(rss.B) <= 0.1;
    console.log(ok ? "soak: passed (zero errors, memory flat)" : "soak: FAILED");
    process.exitCode = ok ? 0 : 1;
  } finally {
    await c.close();
  }
}

await main();
