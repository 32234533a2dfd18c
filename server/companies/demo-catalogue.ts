import { eq, inArray } from "drizzle-orm";
import sharp from "sharp";
import type { Database } from "../db/client";
import { users } from "../accounts/schema";
import { companyReviews } from "../reviews/schema";
import { companies, companyProvinces, companyServices } from "./schema";
import type { Logger } from "../platform/logger";
import { storageKey, type FileStorage } from "../platform/storage";
import { COMPANY_LOGO_KIND } from "./company-logo";
import { slugify } from "../../common/text";
import { categorySegments } from "./segments";
import { companySearchText } from "./search-text";
import { SUBJECT_RULES } from "../reviews";
import { seededRandom } from "../platform/seeded-random";

/**
 * The demo catalogue (SEED_DEMO): 40 invented companies over every category and many provinces,
 * with generated monogram logos and some confirmed reviews. Every row is `is_demo`, and every
 * page that shows one carries the demo notice. No real brand appears. Idempotent by slug.
 */

const FIRST = ["Pusula", "Martı", "Çınar", "Yakamoz", "Meltem", "Lodos", "Kırlangıç", "Sedef", "Mercan", "Zeytin", "Gökçe", "Kestane", "Defne", "Lale", "Fındık", "Ilgaz", "Akasya", "Sümbül", "Kumru", "Nergis"];
const SUFFIX: Record<string, string[]> = {
  "kablolu-internet": ["Fiber Demo", "Kablo Demo", "Altyapı Demo"],
  "mobil-internet": ["Mobil Demo", "Hücre Demo"],
  "ucretsiz-internet": ["Açık Ağ Demo", "Halk Wi-Fi Demo"],
  "veri-merkezi": ["Veri Merkezi Demo", "Kolokasyon Demo"],
  "hosting-ve-sunucu": ["Hosting Demo", "Bulut Sunucu Demo"],
  "teknik-servis": ["Teknik Servis Demo", "Kurulum Demo"],
  "dijital-tv-platformu": ["Dijital TV Demo", "Yayın Demo"],
  "analog-tv-platformu": ["Anten TV Demo"],
};
const SERVICES: Record<string, [string, string][]> = {
  "kablolu-internet": [["Fiber internet", "Eve kadar fiber bağlantı."], ["VDSL internet", "Bakır hat üzerinden yüksek hız."], ["Statik IP", "İşletmeler için sabit IP adresi."]],
  "mobil-internet": [["4.5G veri paketi", "Taahhütsüz mobil internet."], ["Mobil modem", "Taşınabilir modem ile internet."]],
  "ucretsiz-internet": [["Kent Wi-Fi", "Meydanlarda ücretsiz kablosuz internet."]],
  "veri-merkezi": [["Kolokasyon", "Kabin ve yarım kabin barındırma."], ["Uzak el hizmeti", "7/24 yerinde teknik destek."]],
  "hosting-ve-sunucu": [["Paylaşımlı hosting", "Küçük siteler için barındırma."], ["Sanal sunucu", "SSD diskli sanal sunucular."], ["Alan adı", "Alan adı kaydı ve yönetimi."]],
  "teknik-servis": [["Modem kurulumu", "Evde modem ve kablosuz ağ kurulumu."], ["Bina içi kablolama", "Yapısal kablolama hizmeti."]],
  "dijital-tv-platformu": [["Canlı yayın", "Yüzlerce kanal, internet üzerinden."], ["İsteğe bağlı video", "Film ve dizi arşivi."]],
  "analog-tv-platformu": [["Anten kurulumu", "Karasal yayın için anten kurulumu."]],
};
const REVIEW_TEXTS: [string, string, number][] = [
  ["Kurulum hızlıydı", "Başvurudan iki gün sonra kurulum yapıldı, hız da söylenene yakın çıktı.", 5],
  ["Fiyat artışı can sıktı", "Taahhüt bitince fiyat beklediğimden fazla arttı, yine de bağlantı sorunsuz.", 3],
  ["Destek ekibi ilgili", "Arıza kaydını aynı gün çözdüler, telefonda uzun beklemedim.", 4],
  ["Akşamları yavaşlıyor", "Gündüz hız iyi ama akşam saatlerinde belirgin düşüş oluyor.", 2],
  ["Genel olarak memnunum", "Bir yıldır kullanıyorum, ciddi bir kesinti yaşamadım.", 4],
  ["Tavsiye ederim", "Fiyat performans olarak bölgemdeki en iyi seçenek bu oldu.", 5],
];
const REVIEWER_NAMES = ["Demo Ayşe K.", "Demo Mehmet Y.", "Demo Elif S.", "Demo Can D.", "Demo Zeynep A.", "Demo Emre T."];
const PALETTE = ["#1d4ed8", "#047857", "#b91c1c", "#7c3aed", "#c2410c", "#0f766e", "#be185d", "#4d7c0f"];

export interface DemoCompany {
  name: string;
  slug: string;
  segment: string;
  colour: string;
}

/** The 40 demo companies: names, categories and colours (pure, for tests and the seed). */
export function demoCompanyList(): DemoCompany[] {
  const segments = categorySegments();
  const out: DemoCompany[] = [];
  for (let i = 0; i < 40; i++) {
    const segment = segments[i % segments.length]!;
    const suffixes = SUFFIX[segment.url]!;
    const name = `${FIRST[i % FIRST.length]} ${suffixes[Math.floor(i / segments.length) % suffixes.length]}`;
    out.push({ name, slug: slugify(name), segment: segment.url, colour: PALETTE[i % PALETTE.length]! });
  }
  return out;
}

function escapeXml(s: string): string {
  return s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);
}

/** A 256 px WebP monogram (two letters on a coloured square), drawn from SVG by sharp. */
export async function monogramLogo(name: string, colour: string): Promise<Buffer> {
  const letters = name
    .split(/\s+/)
    .slice(0, 2)
    .map((w) => Array.from(w)[0] ?? "")
    .join("")
    .toLocaleUpperCase("tr-TR");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256"><rect width="256" height="256" rx="40" fill="${colour}"/><text x="128" y="128" dy="0.35em" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-size="104" font-weight="700" fill="#ffffff">${escapeXml(letters)}</text></svg>`;
  return sharp(Buffer.from(svg)).webp({ quality: 85 }).toBuffer();
}

export async function seedDemoCompanies(db: Database, opts: { storage: FileStorage; log?: Logger; now?: Date }): Promise<number> {
  const list = demoCompanyList();
  const existing = await db.select({ slug: companies.slug }).from(companies).where(inArray(companies.slug, list.map((c) => c.slug)));
  const have = new Set(existing.map((r) => r.slug));
  const missing = list.filter((c) => !have.has(c.slug));
  if (!missing.length) return 0;
  const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.email, "demo.kurumsal@genisbant.com.tr")).limit(1);
  const now = (opts.now ?? new Date()).getTime();
  const segments = categorySegments();
  let created = 0;
  for (const demo of missing) {
    const index = list.indexOf(demo);
    const rnd = seededRandom(index + 1);
    const segment = segments.find((s) => s.url === demo.segment)!;
    const logo = `demo-${demo.slug}.webp`;
    await opts.storage.put(storageKey(COMPANY_LOGO_KIND.folder, logo), await monogramLogo(demo.name, demo.colour), "image/webp");
    const wholeCountry = rnd() < 0.25;
    const provinceCount = 1 + Math.floor(rnd() * 6);
    const provinces = new Set<number>();
    while (!wholeCountry && provinces.size < provinceCount) provinces.add(1 + Math.floor(rnd() * 81));
    const head = wholeCountry ? 34 : [...provinces][0]!;
    const tags = [segment.url.split("-")[0]!, "demo"];
    const createdAt = new Date(now - Math.floor(rnd() * 3 * 365) * 86_400_000);
    await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(companies)
        .values({
          ownerId: index % 4 === 0 ? (owner?.id ?? null) : null,
          name: demo.name,
          slug: demo.slug,
          typeId: segment.typeId,
          subTypeId: segment.subTypeId,
          logo,
          country: "TR",
          provinceCode: head,
          phone: `+90 850 000 ${String(1000 + index).slice(-4, -2)} ${String(1000 + index).slice(-2)}`,
          email: `iletisim@${demo.slug}.example`,
          webUrl: `https://${demo.slug}.example`,
          corporateTitle: `${demo.name} Anonim Şirketi`,
          address: "Örnek Mahallesi, Demo Sokak No: 1",
          tags,
          about: `${demo.name}, tanıtım amaçlı uydurulmuş bir demo işletmedir. Bu sayfadaki bilgiler gerçek değildir.\n\nGerçek işletmeler yönetim panelinden veya içe aktarma aracıyla eklenir.`,
          metaDescription: `${demo.name} (demo): iletişim bilgileri, hizmetler ve kullanıcı yorumları.`,
          packagesFooterText: index % 3 === 0 ? `${demo.name} paketleri hakkında bu metin, işletmenin paket listesinin altında gösterilen demo açıklamasıdır.` : null,
          servesWholeCountry: wholeCountry,
          verified: index % 3 === 0,
          selfManaged: index % 4 === 0,
          publishState: "published",
          publishedAt: createdAt,
          isDemo: true,
          searchText: companySearchText({ name: demo.name, corporateTitle: `${demo.name} Anonim Şirketi`, tags }),
          createdAt,
          updatedAt: createdAt,
        })
        .onConflictDoNothing({ target: companies.slug })
        .returning({ id: companies.id });
      if (!row) return;
      created++;
      const services = SERVICES[segment.url] ?? [];
      if (services.length) {
        await tx.insert(companyServices).values(services.map(([name, description], position) => ({ companyId: row.id, position, name, description })));
      }
      if (provinces.size) await tx.insert(companyProvinces).values([...provinces].map((provinceCode) => ({ companyId: row.id, provinceCode })));
      const reviewCount = Math.floor(rnd() * 5);
      if (reviewCount) {
        await tx.insert(companyReviews).values(
          Array.from({ length: reviewCount }, (_, k) => {
            const [title, body, score] = REVIEW_TEXTS[(index + k) % REVIEW_TEXTS.length]!;
            return {
              companyId: row.id,
              userId: null,
              fullName: REVIEWER_NAMES[(index + k) % REVIEWER_NAMES.length]!,
              title,
              body,
              score,
              state: "confirmed" as const,
              isDemo: true,
              createdAt: new Date(createdAt.getTime() + (k + 1) * 86_400_000),
            };
          }),
        );
        await SUBJECT_RULES.company.refreshStats(tx, row.id);
      }
    });
  }
  opts.log?.info({ created }, "demo companies seeded");
  return created;
}
