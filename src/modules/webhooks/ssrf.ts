/**
 * SSRF guard for webhook targets. A URL is checked when it is saved (PATCH settings) and again at
 * connect time: the dispatcher resolves the name itself, refuses if ANY address is refused, and
 * hands the checked addresses to the socket through a custom `lookup`, so a DNS rebinding between
 * check and connect cannot reach a refused address.
 * Numeric host forms (2130706433, 0177.0.0.1, 0x7f.1, 127.1) are normalised by WHATWG URL parsing
 * before any check; IPv6 forms that embed an IPv4 address (mapped, NAT64, 6to4) are checked as that IPv4.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, isIPv4 } from 'node:net';

export type RefusalReason =
  | 'loopback'
  | 'private'
  | 'link_local'
  | 'metadata'
  | 'cgnat'
  | 'unspecified'
  | 'multicast'
  | 'reserved'
  | 'benchmarking'
  | 'documentation'
  | 'unique_local'
  | 'ipv6_special';

/** Ranges lifted by DOCRISK_WEBHOOK_ALLOW_PRIVATE=1 (tests, on-prem receivers). */
const PRIVATE_CLASSES: ReadonlySet<RefusalReason> = new Set(['loopback', 'private', 'link_local', 'cgnat', 'unique_local']);

interface Range {
  net: string;
  prefix: number;
  reason: RefusalReason;
}

// Order matters: the first match names the reason (metadata before link-local).
const V4: readonly Range[] = [
  { net: '169.254.169.254', prefix: 32, reason: 'metadata' },
  { net: '0.0.0.0', prefix: 8, reason: 'unspecified' },
  { net: '10.0.0.0', prefix: 8, reason: 'private' },
  { net: '100.64.0.0', prefix: 10, reason: 'cgnat' },
  { net: '127.0.0.0', prefix: 8, reason: 'loopback' },
  { net: '169.254.0.0', prefix: 16, reason: 'link_local' },
  { net: '172.16.0.0', prefix: 12, reason: 'private' },
  { net: '192.0.0.0', prefix: 24, reason: 'reserved' },
  { net: '192.0.2.0', prefix: 24, reason: 'documentation' },
  { net: '192.88.99.0', prefix: 24, reason: 'reserved' },
  { net: '192.168.0.0', prefix: 16, reason: 'private' },
  { net: '198.18.0.0', prefix: 15, reason: 'benchmarking' },
  { net: '198.51.100.0', prefix: 24, reason: 'documentation' },
  { net: '203.0.113.0', prefix: 24, reason: 'documentation' },
  { net: '224.0.0.0', prefix: 4, reason: 'multicast' },
  { net: '240.0.0.0', prefix: 4, reason: 'reserved' }, // includes 255.255.255.255 broadcast
];

const V6: readonly Range[] = [
  { net: '::', prefix: 128, reason: 'unspecified' },
  { net: '::1', prefix: 128, reason: 'loopback' },
  { net: '::', prefix: 96, reason: 'ipv6_special' }, // deprecated IPv4-compatible ::a.b.c.d
  { net: '64:ff9b:1::', prefix: 48, reason: 'ipv6_special' }, // local-use NAT64
  { net: '100::', prefix: 64, reason: 'ipv6_special' }, // discard-only
  { net: '2001::', prefix: 32, reason: 'ipv6_special' }, // Teredo (embeds an obfuscated IPv4)
  { net: '2001:2::', prefix: 48, reason: 'benchmarking' },
  { net: '2001:db8::', prefix: 32, reason: 'documentation' },
  { net: '3fff::', prefix: 20, reason: 'documentation' },
  { net: 'fc00::', prefix: 7, reason: 'unique_local' },
  { net: 'fe80::', prefix: 10, reason: 'link_local' },
  { net: 'fec0::', prefix: 10, reason: 'ipv6_special' }, // deprecated site-local
  { net: 'ff00::', prefix: 8, reason: 'multicast' },
];

const lists = (ranges: readonly Range[], family: 'ipv4' | 'ipv6') =>
  ranges.map((r) => {
    const b = new BlockList();
    b.addSubnet(r.net, r.prefix, family);
    return { b, reason: r.reason, family };
  });
const V4_LISTS = lists(V4, 'ipv4');
const V6_LISTS = lists(V6, 'ipv6');

/** 16 bytes of an IPv6 address in canonical or compressed text form (with an optional dotted tail). */
export function ipv6Bytes(ip: string): number[] | null {
  let text = ip.toLowerCase();
  const tail: number[] = [];
  const dotted = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (dotted) {
    tail.push(...dotted.slice(1, 5).map(Number));
    text = text.slice(0, dotted.index) + '0:0';
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const part = (s: string | undefined) => (s ? s.split(':') : []);
  const head = part(halves[0]);
  const rest = part(halves[1]);
  const fill = halves.length === 2 ? 8 - head.length - rest.length : 0;
  const groups = [...head, ...Array<string>(Math.max(fill, 0)).fill('0'), ...rest];
  if (groups.length !== 8 || groups.some((g) => !/^[0-9a-f]{1,4}$/.test(g))) return null;
  const bytes = groups.flatMap((g) => {
    const n = parseInt(g, 16);
    return [n >> 8, n & 0xff];
  });
  if (tail.length === 4) bytes.splice(12, 4, ...tail);
  return bytes;
}

/** The IPv4 address embedded in an IPv4-mapped (::ffff:0:0/96), NAT64 (64:ff9b::/96) or 6to4 (2002::/16) address. */
export function embeddedIPv4(ip: string): string | null {
  const b = ipv6Bytes(ip);
  if (!b) return null;
  const zero = (from: number, to: number) => b.slice(from, to).every((x) => x === 0);
  const v4 = (o: number) => b.slice(o, o + 4).join('.');
  if (zero(0, 10) && b[10] === 0xff && b[11] === 0xff) return v4(12);
  if (b[0] === 0x00 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b && zero(4, 12)) return v4(12);
  if (b[0] === 0x20 && b[1] === 0x02) return v4(2);
  return null;
}

/** Why an IP address is refused as a webhook target, or null when it is allowed. */
export function refusalOf(ip: string, allowPrivate = false): RefusalReason | null {
  let reason: RefusalReason | null = null;
  const family = isIP(ip);
  if (family === 4) {
    reason = V4_LISTS.find((l) => l.b.check(ip, 'ipv4'))?.reason ?? null;
  } else if (family === 6) {
    const inner = embeddedIPv4(ip);
    if (inner) return refusalOf(inner, allowPrivate);
    reason = V6_LISTS.find((l) => l.b.check(ip, 'ipv6'))?.reason ?? null;
  } else {
    return 'reserved';
  }
  if (reason && allowPrivate && PRIVATE_CLASSES.has(reason)) return null;
  return reason;
}

export type UrlCheck =
  | { ok: true; url: URL; host: string; ipLiteral: boolean }
  | { ok: false; code: 'invalid_url' | 'refused_address'; message: string };

/**
 * Syntax and literal-address check of a webhook URL (no DNS): http(s) only, no credentials,
 * an IP-literal host (in any numeric form) must not be refused, `localhost` names are refused.
 */
export function checkWebhookUrl(raw: string, allowPrivate = false): UrlCheck {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, code: 'invalid_url', message: 'is not a valid absolute URL' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { ok: false, code: 'invalid_url', message: 'must use http or https' };
  }
  if (url.username !== '' || url.password !== '') {
    return { ok: false, code: 'invalid_url', message: 'must not contain credentials' };
  }
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  if (host === '') return { ok: false, code: 'invalid_url', message: 'has no host' };
  if (isIP(host)) {
    const reason = refusalOf(host, allowPrivate);
    if (reason) return { ok: false, code: 'refused_address', message: `targets a refused address (${host}: ${reason})` };
    return { ok: true, url, host, ipLiteral: true };
  }
  const name = host.replace(/\.$/, '').toLowerCase();
  if (!allowPrivate && (name === 'localhost' || name.endsWith('.localhost'))) {
    return { ok: false, code: 'refused_address', message: `targets a refused address (${host}: loopback)` };
  }
  return { ok: true, url, host, ipLiteral: false };
}

/**
 * The message is what tenants see (delivery log, settings 400): it names their host, never the
 * address it resolved to or why that address is refused, which would map the operator's network.
 * `address` and `reason` are for the operator's log.
 */
export class RefusedAddressError extends Error {
  readonly code = 'ERR_WEBHOOK_REFUSED_ADDRESS';
  readonly address: string;
  readonly reason: RefusalReason;
  constructor(host: string, address: string, reason: RefusalReason) {
    super(`${host} resolves to a refused address`);
    this.name = 'RefusedAddressError';
    this.address = address;
    this.reason = reason;
  }
}

export type Resolver = (host: string) => Promise<LookupAddress[]>;

export const systemResolver: Resolver = (host) =>
  new Promise((resolve, reject) => {
    dnsLookup(host, { all: true, verbatim: true }, (err, addresses) => (err ? reject(err) : resolve(addresses)));
  });

/** Resolves `host` and throws RefusedAddressError when ANY of its addresses is refused. */
export async function resolveChecked(host: string, allowPrivate: boolean, resolve: Resolver = systemResolver): Promise<LookupAddress[]> {
  if (isIP(host)) {
    const reason = refusalOf(host, allowPrivate);
    if (reason) throw new RefusedAddressError(host, host, reason);
    return [{ address: host, family: isIPv4(host) ? 4 : 6 }];
  }
  const addresses = await resolve(host);
  if (addresses.length === 0) throw Object.assign(new Error(`${host} has no addresses`), { code: 'ENOTFOUND' });
  for (const a of addresses) {
    const reason = refusalOf(a.address, allowPrivate);
    if (reason) throw new RefusedAddressError(host, a.address, reason);
  }
  return addresses;
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for http.request/net.connect that connects only to checked addresses.
 * Handles both call shapes (Node asks for `all: true` when autoSelectFamily is on).
 */
export function guardedLookup(allowPrivate: boolean, resolve: Resolver = systemResolver) {
  return (host: string, options: { all?: boolean } | number | undefined, callback: LookupCallback): void => {
    const all = typeof options === 'object' && options !== null && options.all === true;
    resolveChecked(host, allowPrivate, resolve).then(
      (addresses) => {
        if (all) callback(null, addresses);
        else callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      (err: NodeJS.ErrnoException) => callback(err, all ? [] : '', 4),
    );
  };
}
