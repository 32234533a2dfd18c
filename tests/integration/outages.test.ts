// Issue 23, item 2 (outage reports): anyone reports a problem with a provider in a district; one
// report per address, provider and day counts; an incident needs distinct networks beyond the
// usual level and ends by itself; floods from one address or one network declare nothing.
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OUTAGE_BUCKETS, OUTAGE_QUIET_MINUTES } from "../../common/outages";
import { networkOf } from "../../server/outages/address-keys";
import {
  checkIncident,
  endQuietIncidents,
  incidentThreshold,
} from "../../server/outages/incidents";
import { outageOverview } from "../../server/outages/overview";
import { reportOutage } from "../../server/outages/reports";
import { outageIncidents, outageReports } from "../../server/outages/schema";
import { speedtestResults } from "../../server/speedtest/schema";
import { dbFingerprint } from "../helpers/db-fingerprint";
import { makeCompany } from "../helpers/packages";
import {
  getFormSession,
  startTestApp,
  type TestApp,
} from "../helpers/test-app";

let t: TestApp;
let isp: { id: number; slug: string; name: string };

const MIN = 60_000;

beforeAll(async () => {
  // The test client is a proxy on loopback: X-Forwarded-For names the reporter.
  t = await startTestApp({ TRUST_PROXY: "loopback", OUTAGE_MIN_NETWORKS: "3" });
  isp = await makeCompany(t.app.db, { name: "Kesinti Fiber AŞ" });
});
afterAll(async () => {
  await t?.close();
});

function post(slug: string, body: unknown, from: string) {
  return t.fetch(`/api/v1/companies/${slug}/outages`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      "X-Forwarded-For": from,
      "Accept-Language": "en",
    },
    body: JSON.stringify(body),
  });
}

async function reportsOf(companyId: number): Promise<number> {
  const [row] = await t.app.db
    .select({ n: count() })
    .from(outageReports)
    .where(eq(outageReports.companyId, companyId));
  return Number(row?.n ?? 0);
}

describe("address keys", () => {
  it("counts an IPv4 /24 and an IPv6 /48 as one network, an IPv4-mapped address as IPv4", () => {
    expect(networkOf("203.0.113.77")).toBe("203.0.113.0/24");
    expect(networkOf("::ffff:203.0.113.9")).toBe("203.0.113.0/24");
    expect(networkOf("2001:db8:abcd:12::1")).toBe("2001:db8:abcd::/48");
    expect(networkOf("2001:db8::1")).toBe("2001:db8:0::/48");
    expect(networkOf("")).toBeNull();
    expect(networkOf("not an address")).toBeNull();
  });

  it("publishes the threshold: three times the usual per 30 minutes, never under the minimum", () => {
    expect(incidentThreshold(0, 5)).toBe(5);
    // 560 reports in that hour over 28 days: 10 per 30 minutes, so 30.
    expect(incidentThreshold(560, 5)).toBe(30);
    expect(incidentThreshold(57, 5)).toBe(5);
  });
});

describe("outage reports", () => {
  it("takes a report from anyone, once per address, provider and day, and finds the district however it is written", async () => {
    const first = await post(
      isp.slug,
      { problem: "noConnection", city: 6, district: "cankaya" },
      "198.51.100.10",
    );
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({
      success: true,
      counted: true,
      incident: false,
      city: 6,
      district: "Çankaya",
    });
    const again = await post(
      isp.slug,
      { problem: "slow", city: 6, district: "Çankaya" },
      "198.51.100.10",
    );
    expect(await again.json()).toMatchObject({ success: true, counted: false });
    expect(await reportsOf(isp.id)).toBe(1);
    const [row] = await t.app.db
      .select()
      .from(outageReports)
      .where(eq(outageReports.companyId, isp.id));
    // Nothing of the address is kept in clear.
    expect(JSON.stringify(row)).not.toContain("198.51.100");
    expect(row).toMatchObject({
      cityCode: 6,
      district: "Çankaya",
      problem: "noConnection",
    });
  });

  it("refuses a district of another province, a bad problem or province, with a translated message and no row", async () => {
    const before = await dbFingerprint(t.app.db);
    const cases: [unknown, string][] = [
      [
        { problem: "noConnection", city: 6, district: "Kadıköy" },
        "This district is not in the province you chose.",
      ],
      [
        { problem: "fire", city: 6, district: "Çankaya" },
        "Choose a problem from the list.",
      ],
      [
        { problem: "slow", city: 82, district: "Çankaya" },
        "Choose a province from the list.",
      ],
      [
        { problem: "slow", city: "6", district: "<script>alert(1)</script>" },
        "Type the district's name (letters, digits, spaces, dots and hyphens).",
      ],
      [
        { problem: "slow", city: 6, district: "Çan\u0000kaya" },
        "Type the district's name (letters, digits, spaces, dots and hyphens).",
      ],
      [
        { problem: "slow", city: 6, district: "Çan\u202ekaya" },
        "Type the district's name (letters, digits, spaces, dots and hyphens).",
      ],
      [
        { problem: ["slow"], city: true, district: 5 },
        "Choose a problem from the list.",
      ],
    ];
    for (const [body, message] of cases) {
      const res = await post(isp.slug, body, "198.51.100.11");
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(await res.json())).toContain(message);
    }
    expect(await dbFingerprint(t.app.db)).toEqual(before);
  });

  it("has no page or call for a company that is no internet provider or TV platform", async () => {
    const host = await makeCompany(t.app.db, {
      name: "Kesinti Hosting AŞ",
      typeId: 3,
      subTypeId: null,
    });
    for (const res of [
      await t.fetch(`/api/v1/companies/${host.slug}/outages`),
      await post(
        host.slug,
        { problem: "slow", city: 6, district: "Çankaya" },
        "198.51.100.12",
      ),
    ]) {
      expect(res.status).toBe(404);
    }
    expect(
      (await t.fetch(`/api/v1/companies/yok-boyle-bir-sirket/outages`)).status,
    ).toBe(404);
  });

  it("does not declare an incident for one address sending a thousand reports, or a hundred addresses of one network in a second", async () => {
    const target = await makeCompany(t.app.db, { name: "Sel Fiber AŞ" });
    const body = { problem: "noConnection", city: 34, district: "Kadıköy" };
    const statuses = new Map<number, number>();
    let counted = 0;
    for (let i = 0; i < 1000; i++) {
      const res = await post(target.slug, body, "192.0.2.50");
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      if (res.status === 200 && (await res.json()).counted) counted++;
    }
    console.log(
      `one address, 1000 reports: ${counted} counted; answers ${JSON.stringify(Object.fromEntries(statuses))}`,
    );
    expect(counted).toBe(1);
    expect(statuses.get(429)).toBeGreaterThan(980);
    // A hundred addresses of one /24, all at once.
    const burst = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        post(target.slug, body, `192.0.2.${100 + (i % 150)}`).then((r) =>
          r.json(),
        ),
      ),
    );
    const burstCounted = burst.filter((b) => b.counted).length;
    console.log(
      `100 addresses of one network in one burst: ${burstCounted} reports stored, ${await reportsOf(target.id)} in all`,
    );
    expect(burst.every((b) => b.incident === false)).toBe(true);
    const [incidents] = await t.app.db
      .select({ n: count() })
      .from(outageIncidents)
      .where(eq(outageIncidents.companyId, target.id));
    expect(Number(incidents?.n)).toBe(0);
    // The public figures move by one network, however many addresses reported.
    const overview = await outageOverview(t.app, { slug: target.slug });
    expect(overview.total).toBe(1);
    expect(overview.cities[0]).toMatchObject({
      cityCode: 34,
      reports: 1,
      incident: false,
    });
  });

  it("declares one incident when distinct networks reach the threshold at once, keeps its districts, shows the tests taken meanwhile, and ends it after the quiet time", async () => {
    const target = await makeCompany(t.app.db, { name: "Olay Fiber AŞ" });
    const start = Date.now();
    // Five networks report at the same moment: one incident, not several.
    const answers = await Promise.all(
      ["Kadıköy", "Üsküdar", "Kadıköy", "Beşiktaş", "Kadıköy"].map(
        (district, i) =>
          post(
            target.slug,
            { problem: "noConnection", city: 34, district },
            `100.${64 + i}.7.1`,
          ).then((r) => r.json()),
      ),
    );
    expect(answers.every((a) => a.counted)).toBe(true);
    const open = await t.app.db
      .select()
      .from(outageIncidents)
      .where(eq(outageIncidents.companyId, target.id));
    expect(open).toHaveLength(1);
    expect(open[0]!.endedAt).toBeNull();
    expect([...open[0]!.districts].sort()).toEqual([
      "Beşiktaş",
      "Kadıköy",
      "Üsküdar",
    ]);
    // A speed test of this provider in Kadıköy meanwhile, and one elsewhere.
    const base = {
      ipHash: "h",
      download: 3,
      upload: 1,
      ping: 90,
      pingMin: 80,
      jitter: 20,
      loadedDown: 200,
      loadedUp: 300,
      grade: "D",
      companyId: target.id,
      cityCode: 34,
      counted: true,
    };
    await t.app.db.insert(speedtestResults).values([
      {
        ...base,
        id: "outage-test-1",
        testId: "outage-test-1",
        district: "Kadıköy",
      },
      {
        ...base,
        id: "outage-test-2",
        testId: "outage-test-2",
        district: "Çankaya",
        cityCode: 6,
      },
    ]);
    const during = await outageOverview(t.app, { slug: target.slug });
    expect(during.buckets).toHaveLength(OUTAGE_BUCKETS);
    expect(during.total).toBe(5);
    expect(
      during.buckets.at(-1)!.reports + during.buckets.at(-2)!.reports,
    ).toBe(5);
    expect(during.problems.noConnection).toBe(5);
    expect(during.cities[0]).toMatchObject({
      cityCode: 34,
      cityName: "İstanbul",
      reports: 5,
      lastHour: 5,
      incident: true,
      speedTests: { count: 1, medianDownMbps: null },
    });
    expect(during.cities[0]!.districts[0]).toEqual({
      name: "Kadıköy",
      reports: 3,
    });
    expect(during.incidents[0]).toMatchObject({
      cityCode: 34,
      endedAt: null,
      peakNetworks: 5,
      speedTests: { count: 1 },
    });
    // Nothing reaches the threshold for the quiet time: over, as readers see it and as the clean-up writes it.
    const later = new Date(start + (OUTAGE_QUIET_MINUTES + 5) * MIN);
    const after = await outageOverview(t.app, {
      slug: target.slug,
      now: later,
    });
    expect(after.incidents[0]!.endedAt).not.toBeNull();
    expect(after.cities.find((c) => c.cityCode === 34)?.incident).toBe(false);
    expect(await endQuietIncidents(t.app.db, later)).toBeGreaterThanOrEqual(1);
    const [closed] = await t.app.db
      .select()
      .from(outageIncidents)
      .where(eq(outageIncidents.companyId, target.id));
    expect(closed!.endedAt).not.toBeNull();
  });

  it("puts every district of a concurrent burst into its incident, whichever report declares it", async () => {
    // Declaring races: a report whose window missed a district may win, and the report from that
    // district then finds the incident declared; it must join it rather than be dropped.
    const providers = await Promise.all(
      [1, 2, 3, 4, 5, 6].map((n) =>
        makeCompany(t.app.db, { name: `Yarış Fiber ${n} AŞ` }),
      ),
    );
    const districts = ["Kadıköy", "Üsküdar", "Beşiktaş", "Şişli", "Fatih"];
    await Promise.all(
      providers.flatMap((p, n) =>
        districts.map((district, i) =>
          post(
            p.slug,
            { problem: "slow", city: 34, district },
            `100.${100 + n}.${i}.1`,
          ),
        ),
      ),
    );
    for (const p of providers) {
      const open = await t.app.db
        .select()
        .from(outageIncidents)
        .where(eq(outageIncidents.companyId, p.id));
      expect(open).toHaveLength(1);
      expect([...open[0]!.districts].sort()).toEqual([...districts].sort());
      expect(open[0]!.peakNetworks).toBe(5);
    }
  });

  it("raises the threshold where a provider usually has reports at that hour", async () => {
    const busy = await makeCompany(t.app.db, { name: "Yoğun Fiber AŞ" });
    const now = new Date();
    // 20 reports at this hour of the day on each of 27 days before yesterday (540): 9.6 per
    // 30 minutes, so an incident needs 29 networks. Stored as the service would.
    const rows = [];
    for (let day = 2; day <= 28; day++) {
      for (let i = 0; i < 20; i++) {
        rows.push({
          companyId: busy.id,
          cityCode: 35,
          district: "Konak",
          problem: "slow",
          day: "2026-01-01",
          addressKey: `usual-${day}-${i}`,
          networkKey: `usual-net-${i}`,
          createdAt: new Date(now.getTime() - day * 86_400_000),
        });
      }
    }
    await t.app.db.insert(outageReports).values(rows);
    // Five networks are not enough.
    for (let i = 0; i < 5; i++)
      await reportOutage(t.app, {
        slug: busy.slug,
        input: { problem: "slow", city: 35, district: "Konak" },
        ip: `100.${80 + i}.1.1`,
      });
    const check = await checkIncident(t.app.db, {
      companyId: busy.id,
      cityCode: 35,
      now: new Date(),
      minNetworks: 3,
    });
    expect(incidentThreshold(540, 3)).toBe(29);
    expect(check).toMatchObject({
      networks: 5,
      threshold: 29,
      incidentId: null,
    });
  });
});

describe("the outage page", () => {
  it("is server-rendered in both languages with the form, the chart and the rule, never kept, and listed in the sitemap", async () => {
    const page = await makeCompany(t.app.db, { name: "Sayfa Fiber AŞ" });
    for (const [prefix, title, rule] of [
      [
        "",
        "Sayfa Fiber AŞ çöktü mü? Kesinti bildirimleri",
        "en az 3 ayrı ağdan",
      ],
      [
        "/en",
        "Is Sayfa Fiber AŞ down? Outage reports",
        "at least 3 distinct networks",
      ],
    ]) {
      const res = await t.fetch(
        `${prefix}/kablolu-internet/${page.slug}/kesinti?il=6`,
      );
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toContain("no-store");
      const html = await res.text();
      expect(html).toContain(`<title>${title}`);
      expect(html).toContain(rule);
      expect(html).toContain('data-testid="outage-chart"');
      // The province named by the link: its districts are offered.
      expect(html).toContain('<option value="Çankaya">');
      expect(html).toContain(
        `rel="canonical" href="http://localhost${prefix}/kablolu-internet/${page.slug}/kesinti"`,
      );
    }
    // Sent once (decision 040): the figures are HTML in the document, fields only in a client-side navigation's data.
    const doc = await (await t.fetch(`/kablolu-internet/${page.slug}/kesinti`)).text();
    const handoff = [...doc.matchAll(/<script[^>]*>([^<]*streamController[^<]*)<\/script>/g)].map((m) => m[1]).join("\n");
    expect(handoff).toContain("initialDistricts");
    expect(handoff).not.toContain("buckets");
    expect(await (await t.fetch(`/kablolu-internet/${page.slug}/kesinti.data`)).text()).toContain("buckets");
    const profile = await (
      await t.fetch(`/kablolu-internet/${page.slug}`)
    ).text();
    expect(profile).toContain(`href="/kablolu-internet/${page.slug}/kesinti"`);
    const sitemap = await (await t.fetch("/sitemap.xml")).text();
    expect(sitemap).toContain(`/kablolu-internet/${page.slug}/kesinti</loc>`);
    // A company of another kind has no outage page, nor a link to one.
    const host = await makeCompany(t.app.db, {
      name: "Sayfa Hosting AŞ",
      typeId: 3,
      subTypeId: 6,
    });
    expect(
      (await t.fetch(`/hosting-ve-sunucu/${host.slug}/kesinti`)).status,
    ).toBe(404);
    expect(
      await (await t.fetch(`/hosting-ve-sunucu/${host.slug}`)).text(),
    ).not.toContain("/kesinti");
  });

  it("takes a report without JavaScript (CSRF checked) and refills the form after a refusal", async () => {
    const page = await makeCompany(t.app.db, { name: "Form Fiber AŞ" });
    const path = `/kablolu-internet/${page.slug}/kesinti`;
    const { cookie, csrf } = await getFormSession(t, path);
    const send = (fields: Record<string, string>, from: string) =>
      t.fetch(path, {
        method: "POST",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          cookie,
          "X-Forwarded-For": from,
        },
        body: new URLSearchParams(fields).toString(),
      });
    const refused = await send(
      {
        csrf,
        intent: "report",
        problem: "slow",
        city: "6",
        district: "Kadıköy",
      },
      "198.51.100.40",
    );
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain("Bu ilçe seçtiğiniz ilde yok.");
    expect(html).toContain('value="Kadıköy"');
    expect(
      (
        await send(
          { intent: "report", problem: "slow", city: "6", district: "Çankaya" },
          "198.51.100.40",
        )
      ).status,
    ).toBe(403);
    expect(await reportsOf(page.id)).toBe(0);
    const taken = await send(
      {
        csrf,
        intent: "report",
        problem: "slow",
        city: "6",
        district: "çankaya",
      },
      "198.51.100.40",
    );
    expect(taken.status).toBe(200);
    expect(await taken.text()).toContain(
      "Teşekkürler, bildiriminiz sayıldı (Çankaya, Ankara).",
    );
    expect(await reportsOf(page.id)).toBe(1);
  });
});
