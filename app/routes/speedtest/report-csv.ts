import { requirePageUser } from "../../../server/http/forms/guards";
import { listOwnResults } from "../../../server/speedtest/read-results";
import { pickedIds } from "../../features/speedtest/report-ids";
import type { Route } from "./+types/report-csv";

/** A CSV field: quoted when needed; a leading = + - @ is defused (spreadsheet formulas). */
function field(value: string | number | null): string {
  if (value === null) return "";
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The evidence report as CSV (the same tests as the report page's `?id=` choice). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requirePageUser(context, request);
  const all = await listOwnResults(context.app, { user });
  const ids = pickedIds(request);
  const picked = ids.length ? all.filter((r) => ids.includes(r.id)) : all;
  const header = ["time", "download_mbps", "upload_mbps", "ping_ms", "jitter_ms", "loaded_latency_down_ms", "loaded_latency_up_ms", "grade", "provider", "province", "promised_download_mbps", "promised_upload_mbps", "download_share_pct", "upload_share_pct", "district", "package"];
  const pct = (v: number | null) => (v === null ? null : Math.round(v * 1000) / 10);
  const lines = picked.map((r) =>
    [
      r.createdAt,
      r.download,
      r.upload,
      r.ping,
      r.jitter,
      r.loadedDown,
      r.loadedUp,
      r.grade,
      r.provider,
      r.city?.name ?? null,
      r.promisedDown,
      r.promisedUp,
      pct(r.share.download),
      pct(r.share.upload),
      r.district,
      r.package?.title ?? null,
    ]
      .map(field)
      .join(","),
  );
  return new Response(`\uFEFF${[header.join(","), ...lines].join("\r\n")}\r\n`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="genisbant-speedtest-report.csv"',
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
