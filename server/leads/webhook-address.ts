import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { isIP } from "node:net";
import ipaddr from "ipaddr.js";

/**
 * A company's webhook is called from inside our network: its address must not lead to our own
 * machines (server-side request forgery). Only public unicast addresses are called: no loopback,
 * private (RFC 1918), carrier-grade NAT, link-local (169.254.169.254, the cloud metadata
 * address), unspecified, multicast or reserved IPv4, and no loopback, unique-local (fc00::/7),
 * link-local, IPv4-mapped/-compatible or translated IPv6 that could hide one of those.
 * Checked when the URL is saved and again at every call, on the very address connected to
 * (DNS may change between the two).
 */

/** Whether an IP address (v4 or v6 text) is a public unicast one. */
export function isPublicAddress(address: string): boolean {
  const text = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  if (!ipaddr.isValid(text) || isIP(text) === 0) return false;
  let ip: ipaddr.IPv4 | ipaddr.IPv6 = ipaddr.parse(text);
  if (ip.kind() === "ipv6") {
    const v6 = ip as ipaddr.IPv6;
    // ::ffff:a.b.c.d (mapped) is the v4 address itself; ::a.b.c.d (the deprecated "compatible" form) too.
    if (v6.isIPv4MappedAddress()) ip = v6.toIPv4Address();
    else if (v6.parts.slice(0, 6).every((p) => p === 0)) return false;
  }
  return ip.range() === "unicast";
}

/** Names that always mean this machine or its network, whatever DNS says. */
function isLocalName(host: string): boolean {
  const h = host.toLowerCase().replace(/\.$/, "");
  return h === "localhost" || h.endsWith(".localhost") || h.endsWith(".local") || h.endsWith(".internal") || h === "" || !h.includes(".");
}

export type WebhookAddressProblem = "invalid" | "private" | "unresolved";

/** The host of an http(s) URL without brackets, or null. */
function urlHost(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return null;
  if (parsed.username || parsed.password) return null;
  return parsed.hostname.replace(/^\[|\]$/g, "");
}

type Resolve = (host: string) => Promise<string[]>;

const systemResolve: Resolve = (host) =>
  new Promise((resolve, reject) => {
    dnsLookup(host, { all: true, verbatim: true }, (err, addresses: LookupAddress[]) => (err ? reject(err) : resolve(addresses.map((a) => a.address))));
  });

/**
 * The save-time check of a webhook URL: null when it may be saved, else what is wrong with it.
 * `allowPrivate` (the WEBHOOK_ALLOW_PRIVATE setting, for tests with a local receiver) skips the
 * address checks.
 */
export async function webhookUrlProblem(url: string, opts: { allowPrivate: boolean; resolve?: Resolve }): Promise<WebhookAddressProblem | null> {
  const host = urlHost(url);
  if (host === null) return "invalid";
  if (opts.allowPrivate) return null;
  if (isIP(host)) return isPublicAddress(host) ? null : "private";
  if (isLocalName(host)) return "private";
  let addresses: string[];
  try {
    addresses = await (opts.resolve ?? systemResolve)(host);
  } catch {
    return "unresolved";
  }
  if (!addresses.length) return "unresolved";
  return addresses.every(isPublicAddress) ? null : "private";
}

/**
 * A `lookup` for http.request/net.connect that resolves as the system does and refuses (ENOTPUBLIC)
 * when any address of the name is not public: the check sits on the connection itself.
 */
export function publicOnlyLookup(resolve: typeof dnsLookup = dnsLookup): typeof dnsLookup {
  const guarded = (hostname: string, options: unknown, callback: unknown) => {
    const cb = (typeof options === "function" ? options : callback) as (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;
    const opts = (typeof options === "object" && options !== null ? options : typeof options === "number" ? { family: options } : {}) as { all?: boolean; family?: number };
    if (isLocalName(hostname)) return cb(refused(hostname), opts.all ? [] : "", 0);
    resolve(hostname, { ...opts, all: true, verbatim: true }, (err, addresses: LookupAddress[]) => {
      if (err) return cb(err, opts.all ? [] : "", 0);
      if (!addresses.length || !addresses.every((a) => isPublicAddress(a.address))) return cb(refused(hostname), opts.all ? [] : "", 0);
      if (opts.all) return cb(null, addresses);
      const first = addresses[0]!;
      cb(null, first.address, first.family);
    });
  };
  return guarded as unknown as typeof dnsLookup;
}

function refused(host: string): NodeJS.ErrnoException {
  const err: NodeJS.ErrnoException = new Error(`refused: ${host} is not a public address`);
  err.code = "ENOTPUBLIC";
  return err;
}
