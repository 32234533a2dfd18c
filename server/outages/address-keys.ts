import { createHmac } from "node:crypto";
import ipaddr from "ipaddr.js";

/**
 * The network an address belongs to, as an incident counts reporters: an IPv4 /24 or an IPv6
 * /48 (what one household, office or client with many addresses usually holds). An IPv4 address
 * written as IPv6 (::ffff:1.2.3.4) is the IPv4 one. Null for what is no address.
 */
export function networkOf(address: string): string | null {
  if (!address || !ipaddr.isValid(address)) return null;
  let ip: ipaddr.IPv4 | ipaddr.IPv6 = ipaddr.parse(address);
  if (ip.kind() === "ipv6" && (ip as ipaddr.IPv6).isIPv4MappedAddress())
    ip = (ip as ipaddr.IPv6).toIPv4Address();
  if (ip.kind() === "ipv4") {
    const [a, b, c] = (ip as ipaddr.IPv4).octets;
    return `${a}.${b}.${c}.0/24`;
  }
  const parts = (ip as ipaddr.IPv6).parts;
  return `${parts
    .slice(0, 3)
    .map((p) => p.toString(16))
    .join(":")}::/48`;
}

function keyed(secret: string, text: string): string {
  return createHmac("sha256", secret)
    .update(text)
    .digest("base64url")
    .slice(0, 32);
}

/**
 * The two keys a report keeps instead of its address: one of the address for this provider and
 * day (one report a day; nothing links it to another day or provider) and one of its network
 * (counted distinct towards an incident). Null when the request has no address.
 */
export function reportKeys(
  secret: string,
  opts: { ip: string; companyId: number; day: string },
): { addressKey: string; networkKey: string } | null {
  const network = networkOf(opts.ip);
  if (!network) return null;
  return {
    addressKey: keyed(
      secret,
      `outage-address:${opts.companyId}:${opts.day}:${opts.ip}`,
    ),
    networkKey: keyed(secret, `outage-network:${network}`),
  };
}
