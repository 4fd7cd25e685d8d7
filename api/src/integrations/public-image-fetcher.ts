import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import ipaddr from 'ipaddr.js';
import { ImageFetchError, type FetchedImage, type ImageFetcher } from '../domain/ports/image-fetcher.ts';

/** The limits of a fetched image: those of an uploaded one (5 MB), a few redirects, a deadline. */
export const IMAGE_FETCH_LIMITS = { maxBytes: 5 * 1024 * 1024, maxRedirects: 5, timeoutMs: 15_000 };

/** The raster formats the CMS takes from imports (never SVG: it can carry script). */
const IMAGE_TYPES = new Map([
  ['image/png', '.png'],
  ['image/jpeg', '.jpg'],
  ['image/gif', '.gif'],
  ['image/webp', '.webp'],
]);

/** Where IPv6 puts an IPv4 address in the two embedded forms we follow (RFC 4291 mapped, RFC 6052 NAT64). */
const MAPPED = ipaddr.IPv6.parse('::ffff:0:0');
const NAT64 = ipaddr.IPv6.parse('64:ff9b::');
const GLOBAL_UNICAST = ipaddr.IPv6.parse('2000::');
const DOCUMENTATION_2024 = ipaddr.IPv6.parse('3fff::');

/**
 * The address in canonical IPv6 text, by the WHATWG URL parser (the one Node connects by):
 * ipaddr.js reads "::1.2.3.4" (IPv4-compatible) as if it were "::ffff:1.2.3.4" (mapped).
 */
function parseIPv6(ip: string): ipaddr.IPv6 | null {
  try {
    return ipaddr.IPv6.parse(new URL(`http://[${ip}]/`).hostname.slice(1, -1));
  } catch {
    return null;
  }
}

const isPublicIPv4 = (address: ipaddr.IPv4) => address.range() === 'unicast';

/**
 * A public internet address: IPv4 unicast that is not loopback, private, link-local (cloud
 * metadata), carrier-grade NAT, multicast or reserved; IPv6 only from global unicast (2000::/3)
 * outside every special range. Of the IPv6 forms that embed an IPv4 address, the mapped
 * (::ffff:a.b.c.d) and well-known NAT64 (64:ff9b::a.b.c.d) ones are judged by that address; the
 * others — IPv4-compatible (::a.b.c.d), local-use NAT64 (64:ff9b:1::/48), 6to4, Teredo — are refused.
 */
export function isPublicAddress(ip: string): boolean {
  if (ipaddr.IPv4.isValidFourPartDecimal(ip)) return isPublicIPv4(ipaddr.IPv4.parse(ip));
  const address = parseIPv6(ip);
  if (!address) return false;
  if (address.match(MAPPED, 96) || address.match(NAT64, 96)) {
    const [a, b, c, d] = address.toByteArray().slice(12);
    return isPublicIPv4(new ipaddr.IPv4([a!, b!, c!, d!]));
  }
  return address.match(GLOBAL_UNICAST, 3) && !address.match(DOCUMENTATION_2024, 20) && address.range() === 'unicast';
}

class Refused extends Error {}

/**
 * Fetches an image named by an imported article or typed as an avatar address, safe against
 * server-side request forgery:
 * only http(s); every address the host resolves to must be public, and the connection goes to
 * the address that was checked (no second lookup a rebinding DNS could answer differently);
 * redirects are followed by hand and each hop is checked again; at most 5 MB, and the bytes
 * must be a PNG, JPEG, GIF or WebP whatever the headers say. Errors are sentences for the admin.
 *
 * `isPublic` is replaceable only so tests can serve "public" images from 127.0.0.1.
 */
export function createPublicImageFetcher(opts: { isPublic?: (ip: string) => boolean; limits?: Partial<typeof IMAGE_FETCH_LIMITS> } = {}): ImageFetcher {
  const isPublic = opts.isPublic ?? isPublicAddress;
  const limits = { ...IMAGE_FETCH_LIMITS, ...opts.limits };

  const checkedLookup = (hostname: string, options: LookupAllOptions | number | object, callback: (...args: unknown[]) => void) => {
    dnsLookup(hostname, { all: true }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err);
      const refused = addresses.find((a) => !isPublic(a.address));
      if (refused || addresses.length === 0) return callback(new Refused(`${hostname} is not a public address`));
      if ((options as { all?: boolean }).all) return callback(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };

  function get(url: URL, signal: AbortSignal): Promise<http.IncomingMessage> {
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Refused('only http and https addresses are fetched');
    const host = url.hostname.replace(/^\[|\]$/g, '');
    // Node connects to an IP literal without a lookup, so literals are checked here.
    if (isIP(host) && !isPublic(host)) throw new Refused(`${host} is not a public address`);
    const client = url.protocol === 'https:' ? https : http;
    return new Promise((resolve, reject) => {
      const req = client.get(url, { lookup: checkedLookup as never, agent: false, signal, headers: { accept: 'image/*', 'user-agent': 'image-fetcher' } }, resolve);
      req.on('error', reject);
    });
  }

  async function readCapped(res: http.IncomingMessage): Promise<Buffer> {
    const declared = Number(res.headers['content-length']);
    if (declared > limits.maxBytes) throw new Refused('the image is larger than 5 MB');
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of res as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > limits.maxBytes) {
        res.destroy();
        throw new Refused('the image is larger than 5 MB');
      }
      chunks.push(chunk);
    }
    return Buffer.concat(chunks);
  }

  return async function fetchImage(address: string): Promise<FetchedImage> {
    const signal = AbortSignal.timeout(limits.timeoutMs);
    let url: URL;
    try {
      url = new URL(address);
    } catch {
      throw new ImageFetchError(address, 'it is not a web address');
    }
    try {
      for (let hop = 0; ; hop++) {
        const res = await get(url, signal);
        const location = res.headers.location;
        if (res.statusCode && res.statusCode >= 300 && res.statusCode < 400 && location) {
          res.resume();
          if (hop >= limits.maxRedirects) throw new Refused('too many redirects');
          url = new URL(location, url);
          continue;
        }
        if (res.statusCode !== 200) {
          res.resume();
          throw new Refused(`the server answered ${res.statusCode}`);
        }
        const data = await readCapped(res);
        const type = await fileTypeFromBuffer(data);
        const ext = type && IMAGE_TYPES.get(type.mime);
        if (!type || !ext) throw new Refused('it is not a PNG, JPEG, GIF or WebP image');
        const base = path.posix.basename(url.pathname, path.posix.extname(url.pathname)).replace(/[^\w.-]+/g, '-').slice(0, 80) || 'image';
        return { name: base + ext, mimetype: type.mime, data };
      }
    } catch (err) {
      const reason = err instanceof Refused ? err.message : signal.aborted ? 'it took too long' : 'it could not be downloaded';
      throw new ImageFetchError(address, reason);
    }
  };
}
