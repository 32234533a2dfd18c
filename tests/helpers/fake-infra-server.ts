// A local stand-in for a reseller's infrastructure-query API (the http source's upstream,
// server/infrastructure/http-source.ts), serving the demo tree in the resellers' mixed shapes:
// Turkish and English keys, "VAR"/"YOK", 1/0 and booleans, kbps numbers and "… Mbps" text.
// Its `mode` makes it stall, fail, answer nonsense or go away, and it counts the calls it gets.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { ChildLevel, FlatAnswer, FlatRef, TechnologyAnswer } from "../../common/infrastructure/types";
import { createDemoSource } from "../../server/infrastructure/demo-source";

export type FakeMode = "ok" | "stall" | "malformed" | "error500" | "down";

const LEVELS: Record<string, ChildLevel> = {
  towns: "district",
  subdistricts: "subdistrict",
  villages: "village",
  neighbourhoods: "neighbourhood",
  streets: "street",
  buildings: "building",
  flats: "flat",
};


export interface FakeInfraServer {
  url: string;
  mode: FakeMode;
  /** Requests received, by path (without the query). */
  calls: Map<string, number>;
  total(): number;
  /** Replace the answer of one flat (e.g. a free port appears). */
  override(bbk: number, change: (answer: FlatAnswer) => FlatAnswer): void;
  close(): Promise<void>;
}

/** One technology in one of the shapes seen in the wild, chosen by the flat's code. */
function resellerTech(t: TechnologyAnswer, style: number): unknown {
  if (!t.available && style === 2) return "YOK";
  const flag = (b: boolean | null) => (b === null ? undefined : style === 0 ? (b ? "VAR" : "YOK") : style === 1 ? (b ? 1 : 0) : b);
  const end = t.lineEnd;
  return {
    ...(style === 0
      ? { durum: flag(t.available), bosPort: flag(t.freePort), maxHiz: t.maxDownMbps === null ? undefined : String(Math.round(t.maxDownMbps * 1000)) }
      : style === 1
        ? { available: flag(t.available), port: flag(t.freePort), maxDownMbps: t.maxDownMbps ?? undefined, maxUp: t.maxUpMbps === null ? undefined : `${t.maxUpMbps} Mbps` }
        : { var: flag(t.available), freePort: flag(t.freePort), maxSpeed: t.maxDownMbps === null ? undefined : `${t.maxDownMbps} Mbps` }),
    ...(t.maxUpMbps !== null && style !== 1 ? { upKbps: t.maxUpMbps * 1000 } : {}),
    ...(t.fttx ? { fttx: t.fttx } : {}),
    ...(end?.kind === "cabinet" ? { kabin: { ad: end.name, mesafe: `${end.distanceM} m` } } : {}),
    ...(end?.kind === "exchange" ? { santralAdi: end.name, santralMesafe: end.distanceM } : {}),
    isEmri: flag(t.openWorkOrder),
  };
}

function resellerFlat(ref: FlatRef) {
  return { bbk: ref.bbk, uavtKodu: ref.uavt === null ? undefined : String(ref.uavt), adres: ref.address.map((a) => ({ level: a.level, kod: a.code, ad: a.value })) };
}

export async function startFakeInfraServer(opts: { apiKey?: string } = {}): Promise<FakeInfraServer> {
  const demo = createDemoSource({ now: () => new Date("2026-01-02T03:04:05Z") });
  const overrides = new Map<number, (answer: FlatAnswer) => FlatAnswer>();
  const calls = new Map<string, number>();
  const stalled = new Set<ServerResponse>();

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", "http://fake");
    const name = url.pathname.replace(/^\/+/, "");
    calls.set(name, (calls.get(name) ?? 0) + 1);
    if (fake.mode === "stall") {
      stalled.add(res);
      return; // never answers (the test's close() ends it)
    }
    if (fake.mode === "error500") return json(res, 500, { error: "internal" });
    if (fake.mode === "malformed") {
      res.writeHead(200, { "content-type": "application/json" });
      return res.end(name === "query" ? JSON.stringify({ bbk: "x", ADSL: { durum: "BELKİ" } }) : "<html>bakım çalışması</html>");
    }
    if (opts.apiKey && req.headers["x-api-key"] !== opts.apiKey) return json(res, 401, { error: "key" });
    const parent = Number(url.searchParams.get("parent"));
    if (name === "cities") return json(res, 200, { data: (await demo.provinces()).map((p) => ({ kod: p.code, ad: p.value })) });
    if (name in LEVELS) {
      const nodes = await demo.children(LEVELS[name], parent);
      return nodes ? json(res, 200, { result: nodes.map((n) => ({ id: n.code, name: n.value })) }) : json(res, 404, { error: "not found" });
    }
    if (name === "flat") {
      const bbk = url.searchParams.get("bbk");
      const uavt = url.searchParams.get("uavt");
      const phone = url.searchParams.get("phone");
      const ref = bbk ? await demo.flatByCode(Number(bbk)) : uavt ? await demo.flatByUavt(Number(uavt)) : phone ? await demo.flatByLandline(phone) : null;
      return ref ? json(res, 200, resellerFlat(ref)) : json(res, 404, { error: "not found" });
    }
    if (name === "query") {
      const bbk = Number(url.searchParams.get("bbk"));
      let answer = await demo.query(bbk);
      if (!answer) return json(res, 404, { error: "not found" });
      answer = overrides.get(bbk)?.(answer) ?? answer;
      const style = bbk % 3;
      const services = Object.fromEntries(answer.technologies.map((t) => [style === 1 ? t.technology.toLowerCase() : t.technology, resellerTech(t, style)]));
      return json(res, 200, { ...resellerFlat(answer), sorguTarihi: answer.fetchedAt, ...(style === 0 ? { altyapi: services } : { services }) });
    }
    json(res, 404, { error: "no such call" });
  }

  const server: Server = createServer((req, res) => {
    if (fake.mode === "down") {
      calls.set("(refused)", (calls.get("(refused)") ?? 0) + 1);
      req.socket.destroy();
      return;
    }
    handle(req, res).catch((err: unknown) => json(res, 500, { error: String(err) }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const fake: FakeInfraServer = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    mode: "ok",
    calls,
    total: () => [...calls.values()].reduce((a, b) => a + b, 0),
    override: (bbk, change) => overrides.set(bbk, change),
    async close() {
      for (const res of stalled) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return fake;
}
