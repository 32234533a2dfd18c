// `npm run soak [-- --minutes 10] [--rate R]` (issue 22, item 6): two instances of the built site
// (tests/cluster/cluster.ts: the machine's PostgreSQL and Redis, an S3-compatible server, an SMTP
// peer) with the labelled demo data, under a realistic mix: guests reading the home page, lists,
// company profiles (with their reviews and answers), package pages and blog posts, searching and
// taking speed tests; members writing package reviews and blog comments; companies withdrawing and
// restoring packages. Actions are started at a fixed rate (open loop: a slow answer does not slow
// the load); a speed test is one action of seven requests.
//
// First it finds the rate one instance sustains: steps of STEP_SECONDS against instance A alone at
// rising rates, until a step's p99 reaches 250 ms or it has an error; the last step that held is
// the rate (`--rate` skips this). Then it drives both instances, alternating, at that rate for
// `minutes`, printing p50/p99 per kind, errors, each instance's memory (RSS) and CPU, and the
// machine's CPU steal every minute. Verdict: zero errors, and each instance's RSS in the last
// minute within 10 % of the second minute's. Exit code 1 when either fails.
import { readFileSync } from "node:fs";
import { isNull, sql } from "drizzle-orm";
import { blogPosts } from "../server/blog/schema";
import { packages } from "../server/packages/schema";
import { ensureBuild } from "../scripts/ensure-build.mjs";
import { insertUser } from "../tests/helpers/companies";
import { makeCompany, makePackage } from "../tests/helpers/packages";
import { percentile } from "../tests/helpers/percentile";
import { startCluster, type Instance } from "../tests/cluster/cluster";
import { cpuBetween, cpuSnapshot } from "./cpu.mjs";

const arg = (name: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : undefined;
};
const MINUTES = arg("minutes") ?? 10;
const FIXED_RATE = arg("rate");
const MAX_IN_FLIGHT = 64;
const P99_BOUND_MS = 250;
const STEP_SECONDS = 20;
const STEP_RATES = [5, 10, 15, 20, 25, 30, 40, 50, 60, 70, 80, 100, 120, 150, 200];
/** A member may write 5 package reviews an hour and one blog comment in 5 minutes: reuse a member only after these gaps. */
const REVIEW_GAP_MS = 13 * 60_000;
const COMMENT_GAP_MS = 5 * 60_000 + 5_000;

type Kind = "home" | "list" | "company" | "package" | "post" | "search" | "suggest" | "speedtest" | "review" | "comment" | "company edit";
/** How often each kind comes, out of the sum. */
const MIX: [Kind, number][] = [
  ["home", 14],
  ["list", 12],
  ["company", 8],
  ["package", 14],
  ["post", 12],
  ["search", 8],
  ["suggest", 10],
  ["speedtest", 8],
  ["review", 6],
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

interface Sample {
  kind: Kind;
  ms: number;
  ok: boolean;
  status: number;
  /** Date.now() when the answer came. */
  at: number;
}

async function main() {
  ensureBuild({ log: () => {}, buildDir: "build" });
  console.log(`soak: two instances for ${MINUTES} min at ${FIXED_RATE ? `${FIXED_RATE} actions/s` : "the rate one instance sustains (measured first)"}; starting, the demo data is seeded first…`);
  // LOG_LEVEL warn: the instances would otherwise log every request. The cluster sees them listen through /healthz.
  const c = await startCluster({ TRUST_PROXY: "loopback", SEED_DEMO: "1", LOG_LEVEL: "warn", JOB_POLL_MS: "1000" }, { listenWithinMs: 600_000 });
  // Ctrl-C ends the instances and drops the database too.
  process.once("SIGINT", () => void c.close().finally(() => process.exit(130)));
  try {
    const db = c.database.db;
    // What the readers read: links taken from the pages themselves.
    const links = async (from: string, pattern: RegExp) => [...new Set([...(await (await c.a.fetch(from)).text()).matchAll(pattern)].map((m) => m[1]!))];
    const packagePages = await links("/paketler", /href="(\/[^"?#]+\/paket\/[^"?#]+)"/g);
    const companyPages = await links("/isletmeler", /href="(\/(?!isletmeler|blog|internet-)[a-z-]+\/[a-z0-9-]+-demo)"/g);
    const postPages = await links("/blog-yazilari", /href="(\/blog\/[^"?#/]+\/[^"?#/]+)"/g);
    const lists = ["/paketler", "/paketler?page=2", "/paketler?kind=hosting", "/en/paketler", "/isletmeler", "/isletmeler/kablolu-internet", "/en/isletmeler", "/blog-yazilari", "/en/blog-yazilari"];
    const words = ["fiber", "turk", "superonline", "vodafone", "hosting", "kablo", "internet", "millenicom", "sunucu", "altyapi"];
    const reviewable = (await db.select({ id: packages.id }).from(packages).where(isNull(packages.withdrawnAt)).limit(200)).map((p) => p.id);
    const posts = (await db.select({ id: blogPosts.id }).from(blogPosts).where(sql`state = 'published'`).limit(100)).map((p) => p.id);
    if (!packagePages.length || !companyPages.length || !postPages.length || !reviewable.length || !posts.length) {
      throw new Error(`the demo data has nothing to read: ${packagePages.length} package pages, ${companyPages.length} companies, ${postPages.length} posts`);
    }
    // Companies: three, ten packages each, withdrawn and restored in turn (one request per package at a time).
    const owners: { token: string; company: number; packages: number[]; withdrawn: Set<number>; busy: Set<number> }[] = [];
    for (let i = 0; i < 3; i++) {
      const owner = await insertUser(db, { email: `soak-firma-${i}@example.com`, accountType: "corporate" });
      const company = await makeCompany(db, { ownerId: owner.id, name: `Soak Fiber ${i} AŞ` });
      const own: number[] = [];
      for (let p = 0; p < 10; p++) own.push(await makePackage(db, company.id, { title: `Soak Fiber ${i}-${p}`, price: String(300 + p) }));
      owners.push({ token: owner.token, company: company.id, packages: own, withdrawn: new Set(), busy: new Set() });
    }
    // Members: made as they are needed, so that no member writes more often than the site's limits allow.
    let madeMembers = 0;
    const queues = { review: [] as { token: string; free: number }[], comment: [] as { token: string; free: number }[] };
    const member = async (what: "review" | "comment") => {
      const queue = queues[what];
      const head = queue[0];
      const token = head && head.free <= Date.now() ? queue.shift()!.token : (await insertUser(db, { email: `soak-uye-${++madeMembers}@example.com`, fullName: `Soak Üye ${madeMembers}` })).token;
      queue.push({ token, free: Date.now() + (what === "review" ? REVIEW_GAP_MS : COMMENT_GAP_MS) });
      return token;
    };
    console.log(`soak: ${packagePages.length} package pages, ${companyPages.length} company profiles, ${postPages.length} posts, ${reviewable.length} packages to review, ${owners.length} companies`);

    let seq = 0;
    const nextIp = () => {
      const n = ++seq;
      return `10.${100 + ((n >> 16) & 63)}.${(n >> 8) & 255}.${n & 255}`;
    };
    const json = (instance: Instance, path: string, body: unknown, headers: Record<string, string>) =>
      instance.fetch(`/api/v1${path}`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });
    const any = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)]!;

    /** The soak's answers; the calibration's go to its steps. */
    const soakSamples: Sample[] = [];
    /** Where the answers of the current phase go. */
    let sink: Sample[] = [];
    const errors: string[] = [];
    /** Times one request of `kind`; a 5xx, a cut connection or an unexpected status is an error. */
    const timed = async (kind: Kind, path: string, send: () => Promise<Response>) => {
      const into = sink;
      const t0 = performance.now();
      let status = 0;
      try {
        const res = await send();
        status = res.status;
        await res.arrayBuffer();
      } catch {
        // A cut connection: status stays 0, an error.
      }
      const ok = status === 200;
      into.push({ kind, ms: performance.now() - t0, ok, status, at: Date.now() });
      if (!ok && into === soakSamples && errors.length < 50) errors.push(`${kind} ${path} → ${status}`);
      return ok;
    };
    const get = (kind: Kind, instance: Instance, path: string, headers: Record<string, string>) => timed(kind, path, () => instance.fetch(path, { headers }));

    const run = async (kind: Kind, instance: Instance) => {
      const ip = { "x-forwarded-for": nextIp() };
      switch (kind) {
        case "home":
          return get(kind, instance, Math.random() < 0.8 ? "/" : "/en", ip);
        case "list":
          return get(kind, instance, any(lists), ip);
        case "company":
          return get(kind, instance, any(companyPages), ip);
        case "package":
          return get(kind, instance, any(packagePages), ip);
        case "post":
          return get(kind, instance, any(postPages), ip);
        case "search":
          return get(kind, instance, `/arama/${any(words)}`, ip);
        case "suggest":
          return get(kind, instance, `/api/v1/search/suggestions?q=${encodeURIComponent(any(words).slice(0, 3 + Math.floor(Math.random() * 4)))}`, ip);
        case "speedtest": {
          const base = "/api/v1/speedtest";
          let testId = "";
          await timed(kind, `${base}/start`, async () => {
            const res = await instance.fetch(`${base}/start`, { method: "POST", headers: ip });
            testId = res.status === 200 ? ((await res.clone().json()) as { testId: string }).testId : "";
            return res;
          });
          if (!testId) return;
          for (let i = 0; i < 4; i++) await get(kind, instance, `${base}/ping?t=${testId}`, ip);
          await get(kind, instance, `${base}/download?t=${testId}&bytes=500000`, ip);
          return timed(kind, `${base}/finish`, () => instance.fetch(`${base}/finish?t=${testId}`, { method: "POST", headers: ip }));
        }
        case "review": {
          const token = await member("review");
          const body = { fullName: "Soak Üye", title: "Hızlı ve kararlı", body: "Akşam saatlerinde de hız düşmedi, kurulum iki günde yapıldı.", score: 1 + (seq % 5) };
          const path = `/packages/${any(reviewable)}/reviews`;
          return timed(kind, path, () => json(instance, path, body, { ...ip, authorization: `Bearer ${token}` }));
        }
        case "comment": {
          const token = await member("comment");
          const body = { name: "Soak Okur", email: `soak-okur-${seq}@example.com`, body: "Yazı için teşekkürler, çok işime yaradı." };
          const path = `/blog/posts/${any(posts)}/comments`;
          return timed(kind, path, () => json(instance, path, body, { ...ip, authorization: `Bearer ${token}` }));
        }
        case "company edit": {
          const owner = any(owners);
          const free = owner.packages.filter((id) => !owner.busy.has(id));
          if (!free.length) return get("company", instance, any(companyPages), ip);
          const packageId = any(free);
          const restore = owner.withdrawn.has(packageId);
          const path = `/my/companies/${owner.company}/packages/${packageId}/${restore ? "restore" : "withdraw"}`;
          owner.busy.add(packageId);
          const ok = await timed(kind, path, () => json(instance, path, {}, { ...ip, authorization: `Bearer ${owner.token}` }));
          owner.busy.delete(packageId);
          if (ok && restore) owner.withdrawn.delete(packageId);
          else if (ok) owner.withdrawn.add(packageId);
          return;
        }
      }
    };

    /**
     * Starts `rate` actions a second for `seconds` on `targets` (in turn), into `into`; `tick` is
     * called as the time passes. More than MAX_IN_FLIGHT actions out at once is an error sample.
     */
    const drive = async (rate: number, seconds: number, targets: readonly Instance[], into: Sample[], tick?: () => void) => {
      sink = into;
      const started = Date.now();
      let inFlight = 0;
      let sent = 0;
      const running = new Set<Promise<unknown>>();
      while (Date.now() - started < seconds * 1000) {
        const due = started + (sent * 1000) / rate;
        if (Date.now() < due) await sleep(due - Date.now());
        tick?.();
        if (inFlight >= MAX_IN_FLIGHT) {
          into.push({ kind: "home", ms: 0, ok: false, status: -1, at: Date.now() });
          if (into === soakSamples && errors.length < 50) errors.push(`more than ${MAX_IN_FLIGHT} actions out at once: the instances do not keep up`);
          sent++;
          continue;
        }
        const instance = targets[sent++ % targets.length]!;
        inFlight++;
        const p: Promise<unknown> = run(pick(), instance).finally(() => {
          inFlight--;
          running.delete(p);
        });
        running.add(p);
      }
      await Promise.all(running);
    };

    const pids = { A: c.a.pid!, B: c.b.pid! };
    const summary = (of: readonly Sample[]) => ({
      requests: of.length,
      "p50 ms": Math.round(percentile(of.map((s) => s.ms), 50)),
      "p99 ms": Math.round(percentile(of.map((s) => s.ms), 99)),
      errors: of.filter((s) => !s.ok).length,
    });

    // Warm-up (not counted): both instances compile their pages and fill their pools.
    await drive(5, 20, c.both, []);

    let rate = FIXED_RATE ?? 0;
    if (!FIXED_RATE) {
      console.log(`\ncalibration: instance A alone, ${STEP_SECONDS} s per step, until p99 ≥ ${P99_BOUND_MS} ms or an error`);
      const steps: Record<string, unknown>[] = [];
      for (const stepRate of STEP_RATES) {
        const step: Sample[] = [];
        const mark = cpuSnapshot(pids);
        await drive(stepRate, STEP_SECONDS, [c.a], step);
        const cpu = cpuBetween(mark, cpuSnapshot(pids));
        const row = summary(step);
        const held = row.errors === 0 && row["p99 ms"] < P99_BOUND_MS;
        steps.push({ "actions/s": stepRate, "requests/s": +(step.length / STEP_SECONDS).toFixed(1), ...row, "CPU A (cores)": cpu?.A?.toFixed(2), "steal %": cpu ? ((cpu.steal / 2) * 100).toFixed(1) : "?", held });
        console.log(`  ${stepRate} actions/s: p99 ${row["p99 ms"]} ms, ${row.errors} errors, A ${cpu?.A?.toFixed(2)} cores${held ? "" : " — over"}`);
        if (!held) break;
        rate = stepRate;
        // Let the instance settle before the next step.
        await sleep(3000);
      }
      console.table(steps);
      if (!rate) throw new Error(`instance A did not hold p99 < ${P99_BOUND_MS} ms even at ${STEP_RATES[0]} actions/s`);
      console.log(`calibration: one instance sustains ${rate} actions/s at p99 < ${P99_BOUND_MS} ms`);
      await sleep(5000);
    }

    console.log(`\nsoak: both instances, ${rate} actions/s for ${MINUTES} min`);
    const rss: Record<"A" | "B", number[]> = { A: [], B: [] };
    let cpuMark = cpuSnapshot(pids);
    const started = Date.now();
    let reported = 0;
    const report = (minute: number) => {
      const from = started + minute * 60_000;
      const of = soakSamples.filter((s) => s.at >= from && s.at < from + 60_000);
      const cpu = cpuBetween(cpuMark, (cpuMark = cpuSnapshot(pids)));
      rss.A.push(rssMb(pids.A));
      rss.B.push(rssMb(pids.B));
      console.log(
        `minute ${minute + 1}: ${of.length} requests (${(of.length / 60).toFixed(1)}/s), RSS A ${rss.A.at(-1)!.toFixed(0)} MB, B ${rss.B.at(-1)!.toFixed(0)} MB, CPU A ${cpu?.A?.toFixed(2) ?? "?"} B ${cpu?.B?.toFixed(2) ?? "?"} cores, steal ${cpu ? ((cpu.steal / 2) * 100).toFixed(1) : "?"} %`,
      );
      console.table(MIX.map(([kind]) => ({ kind, ...summary(of.filter((s) => s.kind === kind)) })));
    };
    await drive(rate, MINUTES * 60, c.both, soakSamples, () => {
      while (Date.now() - started >= (reported + 1) * 60_000 && reported < MINUTES - 1) report(reported++);
    });
    while (reported < MINUTES) report(reported++);

    const failed = soakSamples.filter((s) => !s.ok);
    const flat = (list: number[]) => (list.length >= 3 ? Math.abs(list.at(-1)! - list[1]!) / list[1]! : 0);
    const verdict = {
      minutes: MINUTES,
      "actions/s": rate,
      requests: soakSamples.length,
      "requests/s": +(soakSamples.length / (MINUTES * 60)).toFixed(1),
      errors: failed.length,
      "first errors": errors.slice(0, 10),
      "p50 / p99 ms over the run, per kind": Object.fromEntries(
        MIX.map(([kind]) => {
          const s = summary(soakSamples.filter((x) => x.kind === kind));
          return [kind, `${s["p50 ms"]} / ${s["p99 ms"]}`];
        }),
      ),
      "members made": madeMembers,
      "RSS MB A (2nd, last minute)": [rss.A[1]?.toFixed(0), rss.A.at(-1)?.toFixed(0)],
      "RSS MB B (2nd, last minute)": [rss.B[1]?.toFixed(0), rss.B.at(-1)?.toFixed(0)],
      "RSS change A, B (%)": [(flat(rss.A) * 100).toFixed(1), (flat(rss.B) * 100).toFixed(1)],
      "instance errors logged": [...c.a.takeErrors(), ...c.b.takeErrors()].slice(0, 5),
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
