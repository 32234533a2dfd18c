import { and, asc, eq, inArray } from "drizzle-orm";
import { packageInputSchema, type PackageInput } from "../../common/forms/packages";
import { corporateSubTypes } from "../../common/corporate-types";
import type { Technology } from "../../common/packages";
import { slugify } from "../../common/text";
import type { Database } from "../db/client";
import { companies } from "../companies/schema";
import { packagePriceChanges, packages } from "./schema";
import type { Logger } from "../platform/logger";
import { recordPricesAs } from "./price-history";
import { insertPackage } from "./write-package";
import { seededRandom } from "../platform/seeded-random";

/**
 * Demo packages (SEED_DEMO) for the demo companies that exist (`companies.is_demo`): 8–24
 * per internet, hosting, data-centre and TV company: about 410 for the 40-company demo catalogue, with
 * varied terms typical of Turkey in 2026 (lira prices, 12/24-month commitments, campaign months,
 * waived activation, modem rental, bare lines). Every row is `is_demo`; pages showing one say so.
 * It creates no company. Idempotent: a company that already has demo packages is skipped.
 */

type Rng = () => number;
const pick = <T,>(r: Rng, list: readonly T[]): T => list[Math.floor(r() * list.length)]!;
/** A lira amount rounded to a price ending in ,90 (e.g. 449,90). */
const price = (lira: number) => Math.max(9.9, Math.round(lira / 10) * 10 - 0.1);

const SPEEDS: Record<Technology, number[]> = {
  adsl: [8, 16, 24],
  vdsl: [25, 35, 50, 100],
  fiber: [50, 100, 200, 500, 1000],
  kablonet: [50, 100, 200, 300],
  airfiber: [25, 50, 100],
};
const UPLOAD: Record<Technology, (down: number) => number> = {
  adsl: () => 1,
  vdsl: (d) => Math.max(2, Math.round(d / 10)),
  fiber: (d) => Math.max(5, Math.round(d / 5)),
  kablonet: (d) => Math.max(5, Math.round(d / 10)),
  airfiber: (d) => Math.max(5, Math.round(d / 5)),
};
const INTERNET_NAMES = ["Eko", "Keyif", "Süper", "Ev", "Aile", "Oyuncu", "Öğrenci", "Limitsiz", "Hızlı", "Avantaj", "Mega", "Net"];
const TV_PLATFORMS = ["Demo TV Platformu", "Demo Yayın Paketi", "Demo Spor Paketi"];

function commitmentTerms(r: Rng, listLira: number): Partial<Record<string, unknown>> {
  const months = pick(r, [0, 12, 12, 24, 24, 24]);
  if (months === 0) return { commitmentMonths: 0, activationFee: price(250 + r() * 250) };
  const share = months === 24 ? 0.7 + r() * 0.12 : 0.8 + r() * 0.1;
  const commitmentPrice = price(listLira * share);
  const intro = months >= 12 && r() < 0.3;
  const waived = r() < 0.6;
  return {
    commitmentMonths: months,
    commitmentPrice,
    introMonths: intro ? 6 : 0,
    introPrice: intro ? price(commitmentPrice * 0.8) : null,
    priceAfterCommitment: r() < 0.4 ? price(listLira * 1.1) : null,
    activationFee: waived ? 0 : price(200 + r() * 250),
    discount: waived ? price(250 + r() * 250) : 0,
    discountNote: waived ? "Taahhütle kurulum bedeli alınmaz." : null,
    freeMonths: r() < 0.1 ? 1 : 0,
  };
}

function internetPackage(r: Rng, mobile: boolean, variant: number): Record<string, unknown> {
  const technology: Technology = mobile ? "airfiber" : pick(r, ["fiber", "fiber", "fiber", "vdsl", "vdsl", "adsl", "kablonet"] as const);
  const down = pick(r, SPEEDS[technology]);
  const listLira = price((330 + 95 * Math.log2(down / 8)) * (0.92 + r() * 0.16));
  const terms = commitmentTerms(r, listLira);
  const modem = pick(r, ["free", "rental", "rental", "free", "own"] as const);
  const quota = mobile && r() < 0.6 ? pick(r, [50, 100, 200]) : null;
  const cities = r() < 0.6 ? { servesAllCities: true, provinces: [] } : { servesAllCities: false, provinces: Array.from({ length: 3 + Math.floor(r() * 12) }, () => 1 + Math.floor(r() * 81)) };
  const name = INTERNET_NAMES[variant % INTERNET_NAMES.length]!;
  const months = terms.commitmentMonths as number;
  return {
    serviceKind: "internet",
    title: `${name} ${technology === "airfiber" ? "AirFiber" : technology.toUpperCase()} ${down} Mbps ${months ? `${months} Ay Taahhütlü` : "Taahhütsüz"}`,
    technology,
    downloadMbps: down,
    uploadMbps: UPLOAD[technology](down),
    quotaGb: quota,
    fairUsage: quota ? `Kota dolunca hız 1 Mbps'e düşer.` : null,
    price: listLira,
    ...terms,
    modemOffer: modem,
    modemRental: modem === "rental" ? price(30 + r() * 30) : null,
    phoneBundle: pick(r, ["bare", "bare", "bare", "with_phone", "none"] as const),
    talkPackage: r() < 0.15,
    tvPlatform: r() < 0.15 ? pick(r, TV_PLATFORMS) : null,
    gsmIncluded: r() < 0.05,
    tags: ["demo", technology, months ? `${months} ay` : "taahhütsüz"],
    description: `Demo paket: ${down} Mbps'e kadar indirme hızı. Gerçek bir teklif değildir.`,
    ...cities,
  };
}

function hostingPackage(r: Rng, variant: number): Record<string, unknown> {
  const tiers = [
    ["Başlangıç", 10, 60],
    ["Kişisel", 25, 110],
    ["Profesyonel", 50, 190],
    ["Kurumsal", 100, 320],
    ["E-Ticaret", 200, 480],
  ] as const;
  const [name, disk, lira] = tiers[variant % tiers.length]!;
  const yearly = r() < 0.6;
  const list = price(lira * (0.9 + r() * 0.2));
  return {
    serviceKind: "hosting",
    title: `${pick(r, ["Linux", "WordPress", "cPanel"])} Hosting ${name}`,
    price: list,
    commitmentMonths: yearly ? 12 : 0,
    commitmentPrice: yearly ? price(list * 0.8) : null,
    diskGb: disk,
    trafficGb: r() < 0.5 ? null : disk * 20,
    servesAllCities: true,
    tags: ["demo", "hosting"],
    description: "Demo hosting paketi: SSD disk, ücretsiz SSL. Gerçek bir teklif değildir.",
  };
}

function serverPackage(r: Rng, variant: number): Record<string, unknown> {
  const cpu = [2, 4, 8, 16, 32][variant % 5]!;
  const ram = cpu * pick(r, [2, 4]);
  const disk = cpu * pick(r, [40, 80, 120]);
  const list = price((250 + cpu * 180 + ram * 25) * (0.9 + r() * 0.2));
  const yearly = r() < 0.5;
  return {
    serviceKind: "server",
    title: `${pick(r, ["Bulut Sunucu", "Sanal Sunucu", "Dedicated Sunucu"])} ${cpu} Çekirdek ${ram} GB`,
    price: list,
    commitmentMonths: yearly ? 12 : 0,
    commitmentPrice: yearly ? price(list * 0.85) : null,
    activationFee: yearly ? 0 : price(100 + r() * 200),
    cpuCores: cpu,
    ramGb: ram,
    diskGb: disk,
    trafficGb: r() < 0.6 ? null : 1000 * cpu,
    servesAllCities: true,
    tags: ["demo", "sunucu"],
    description: "Demo sunucu paketi: NVMe disk, 7/24 izleme. Gerçek bir teklif değildir.",
  };
}

function tvPackage(r: Rng, variant: number): Record<string, unknown> {
  const names = ["Aile", "Sinema", "Spor", "Süper", "Çocuk", "Belgesel", "Her Şey Dahil", "Temel"];
  const channels = 60 + Math.floor(r() * 200);
  const list = price(180 + channels * 1.4 + r() * 120);
  const terms = commitmentTerms(r, list);
  return {
    serviceKind: "tv",
    title: `${names[variant % names.length]} TV Paketi ${channels} Kanal`,
    price: list,
    ...terms,
    modemOffer: pick(r, ["free", "rental"] as const),
    modemRental: price(20 + r() * 20),
    channelCount: channels,
    servesAllCities: true,
    tags: ["demo", "tv"],
    description: "Demo TV paketi: uydu ya da internet üzerinden yayın, kutu dahil. Gerçek bir teklif değildir.",
  };
}

/** The demo packages of one company of the given sub type (deterministic by company id). */
export function demoPackagesFor(companyId: number, subTypeKey: string | null, now: Date): { input: PackageInput; withdrawn: boolean; sponsored: boolean }[] {
  const r = seededRandom(companyId * 7919 + 17);
  const raw: Record<string, unknown>[] = [];
  if (subTypeKey === "cable_internet") for (let i = 0; i < 24; i++) raw.push(internetPackage(r, false, i));
  else if (subTypeKey === "mobile_internet") for (let i = 0; i < 16; i++) raw.push(internetPackage(r, true, i));
  else if (subTypeKey === "hosting_and_server") for (let i = 0; i < 16; i++) raw.push(i % 2 ? serverPackage(r, i >> 1) : hostingPackage(r, i >> 1));
  else if (subTypeKey === "datacenter") for (let i = 0; i < 10; i++) raw.push(serverPackage(r, i));
  else if (subTypeKey === "digital_tv_platform" || subTypeKey === "analog_tv_platform") for (let i = 0; i < 8; i++) raw.push(tvPackage(r, i));
  const seen = new Set<string>();
  return raw.map((p) => {
    const confirmed = new Date(now.getTime() - Math.floor(r() * 60) * 86_400_000);
    let slug = slugify(p.title as string);
    for (let n = 2; seen.has(slug); n++) slug = `${slugify(p.title as string)}-${n}`;
    seen.add(slug);
    const input = packageInputSchema.parse({ ...p, slug, priceConfirmedOn: confirmed.toISOString().slice(0, 10) });
    return { input, withdrawn: r() < 0.05, sponsored: r() < 0.03 };
  });
}

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
const MONTH_MS = 30.44 * 86_400_000;

/** A demo price `factor` times lower, ending in ,90 as tariffs do (kuruş; null stays null). */
const earlier = (kurus: number | null, factor: number): number | null => (kurus === null || kurus === 0 ? kurus : Math.max(990, Math.round((kurus * factor) / 1000) * 1000 - 10));

/**
 * Two years of labelled demo price history for a demo package (issue 23): created about 24 months
 * ago at lower prices, raised about a year ago and again in the last few months to today's
 * prices, as tariffs step up when campaigns and commitments renew. The trigger wrote the creation
 * (and a withdrawal) just now; this moves them back in time and adds the steps. Every entry's
 * source is "demo", and the package itself is `is_demo`, labelled on its page.
 */
async function backdateDemoPriceHistory(tx: Tx, packageId: number, now: Date, r: () => number): Promise<void> {
  const rows = await tx.select().from(packagePriceChanges).where(eq(packagePriceChanges.packageId, packageId)).orderBy(asc(packagePriceChanges.id));
  const created = rows.find((row) => row.kind === "created");
  if (!created) return;
  const withdrawn = rows.find((row) => row.kind === "withdrawn");
  const firstRise = 0.08 + r() * 0.12;
  const secondRise = 0.06 + r() * 0.14;
  const scaled = (factor: number) => ({
    priceKurus: earlier(created.priceKurus, factor)!,
    commitmentPriceKurus: earlier(created.commitmentPriceKurus, factor),
    introPriceKurus: earlier(created.introPriceKurus, factor),
    priceAfterCommitmentKurus: earlier(created.priceAfterCommitmentKurus, factor),
    monthlyPriceKurus: earlier(created.monthlyPriceKurus, factor)!,
  });
  const at = (monthsAgo: number) => new Date(now.getTime() - monthsAgo * MONTH_MS - Math.floor(r() * 20) * 86_400_000);
  const { id: _id, changedAt: _c, kind: _k, ...today } = created;
  void [_id, _c, _k];
  await tx
    .update(packagePriceChanges)
    .set({ changedAt: at(24), ...scaled(1 / ((1 + firstRise) * (1 + secondRise))) })
    .where(eq(packagePriceChanges.id, created.id));
  await tx.insert(packagePriceChanges).values([
    { ...today, kind: "changed", changedAt: at(12), ...scaled(1 / (1 + secondRise)) },
    // Before the withdrawal of a withdrawn one (dated 90 days back below).
    { ...today, kind: "changed", changedAt: at(withdrawn ? 4 : 1 + Math.floor(r() * 3)) },
  ]);
  if (withdrawn) await tx.update(packagePriceChanges).set({ changedAt: new Date(now.getTime() - 90 * 86_400_000) }).where(eq(packagePriceChanges.id, withdrawn.id));
}

export async function seedDemoPackages(db: Database, opts: { log?: Logger; now?: Date } = {}): Promise<number> {
  const now = opts.now ?? new Date();
  const demo = await db.select({ id: companies.id, subTypeId: companies.subTypeId }).from(companies).where(eq(companies.isDemo, true));
  if (!demo.length) return 0;
  const have = new Set(
    (await db.selectDistinct({ companyId: packages.companyId }).from(packages).where(and(eq(packages.isDemo, true), inArray(packages.companyId, demo.map((c) => c.id))))).map((r) => r.companyId),
  );
  let created = 0;
  for (const company of demo) {
    if (have.has(company.id)) continue;
    const key = corporateSubTypes.find((s) => s.id === company.subTypeId)?.key ?? null;
    const list = demoPackagesFor(company.id, key, now);
    if (!list.length) continue;
    await db.transaction(async (tx) => {
      await recordPricesAs(tx, "demo");
      for (const p of list) {
        const id = await insertPackage(tx, company.id, p.input, { isDemo: true, now });
        if (p.withdrawn || p.sponsored) {
          await tx
            .update(packages)
            .set({
              withdrawnAt: p.withdrawn ? new Date(now.getTime() - 90 * 86_400_000) : null,
              sponsoredFrom: p.sponsored ? new Date(now.getTime() - 86_400_000) : null,
              sponsoredUntil: p.sponsored ? new Date(now.getTime() + 30 * 86_400_000) : null,
            })
            .where(eq(packages.id, id));
        }
        await backdateDemoPriceHistory(tx, id, now, seededRandom(id));
        created++;
      }
    });
  }
  if (created) opts.log?.info({ created }, "demo packages created");
  return created;
}
