import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import dns from 'node:dns/promises';
import type { LookupFunction } from 'node:net';
import { PayloadTooLargeError, UpstreamError, ValidationError } from '../errors.js';

/**
 * Fetches a remote picture for the image proxy without letting the proxy be turned against
 * the lodge's own network (docs/design.md, Security: the image endpoint is not an open
 * proxy). Rules, checked before any byte leaves the server and again for every redirect:
 *
 * - http(s) only, no user:password@, host on the IMAGE_PROXY_ALLOWED_HOSTS list;
 * - the host's addresses are resolved first and every one must be a public unicast address
 *   (no loopback, private, link-local, carrier-grade NAT, metadata, multicast, reserved,
 *   IPv4-mapped/translated IPv6). The connection then goes to the checked address (a fixed
 *   `lookup`), so a second DNS answer cannot swap in another address (DNS rebinding);
 * - at most 3 redirects, one time limit for the whole chain, a size limit, image/* only.
 *
 * IP literals in any notation (decimal 2130706433, octal 0177.0.0.1, hex 0x7f.1, short
 * 127.1) are turned into dotted form by the WHATWG URL parser before the checks.
 */

export interface FetchedImage {
  bytes: Buffer;
  contentType: string;
  /** Where the picture came from after redirects. */
  finalUrl: string;
}

export interface ImageFetcher {
  fetch(url: string): Promise<FetchedImage>;
}

export type AddressLookup = (hostname: string) => Promise<{ address: string; family: number }[]>;

export interface ImageFetcherOptions {
  /** Host names (lower case); `*.example.com` allows the subdomains of example.com. */
  allowedHosts: string[];
  timeoutMs: number;
  maxBytes: number;
  maxRedirects?: number;
  /** DNS resolution (default: the system resolver, every address). */
  lookup?: AddressLookup;
  /** Which resolved addresses may be connected to (default: public unicast only). */
  isAddressAllowed?: (address: string) => boolean;
  /**
   * What is fetched, for other guarded fetches than pictures (the channel calendars): the
   * word the messages use, the Accept header, and which content types are taken. Default:
   * images, image/* only.
   */
  kind?: { noun: string; accept: string; acceptsType: (contentType: string) => boolean };
  /**
   * IP addresses written literally in the allow list, allowed even when not public (a test's
   * feed server on 127.0.0.1). Only as written in the URL: a host name resolving to one of
   * them is still refused.
   */
  literalAddresses?: string[];
}

const IMAGES = { noun: 'image', accept: 'image/avif,image/webp,image/png,image/jpeg,image/*;q=0.8', acceptsType: (t: string) => t.startsWith('image/') };

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** The url was refused by the rules: a 400 naming the `url` field; nothing was requested. */
export class ImageUrlRefusedError extends ValidationError {
  constructor(reason: string) {
    super(`url: ${reason}`, 'image_url_refused', { url: reason });
  }
}

// Everything that is not public unicast. Metadata services live in link-local
// (169.254.169.254, fd00:ec2::254 in fc00::/7) or carrier-grade NAT (100.100.100.200).
const BLOCKED = new net.BlockList();
for (const [net4, prefix] of [
  ['0.0.0.0', 8], // "this network", incl. 0.0.0.0
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, incl. 255.255.255.255
] as const) {
  BLOCKED.addSubnet(net4, prefix, 'ipv4');
}
for (const [net6, prefix] of [
  ['::', 96], // unspecified, loopback ::1, IPv4-compatible
  ['::ffff:0:0', 96], // IPv4-mapped
  ['64:ff9b::', 96], // NAT64: reaches IPv4 addresses
  ['64:ff9b:1::', 48],
  ['100::', 64], // discard
  ['2001::', 32], // Teredo
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: embeds an IPv4 address
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // old site-local
  ['ff00::', 8], // multicast
] as const) {
  BLOCKED.addSubnet(net6, prefix, 'ipv6');
}

/** True for a public unicast IPv4 or IPv6 address (the only kind the proxy connects to). */
export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 0) return false;
  return !BLOCKED.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export function hostAllowed(host: string, allowedHosts: string[]): boolean {
  return allowedHosts.some((allowed) =>
    allowed.startsWith('*.') ? host.endsWith(allowed.slice(1)) && host.length > allowed.length - 1 : host === allowed,
  );
}

const systemLookup: AddressLookup = async (hostname) => dns.lookup(hostname, { all: true, verbatim: true });

export function createImageFetcher(opts: ImageFetcherOptions): ImageFetcher {
  const maxRedirects = opts.maxRedirects ?? 3;
  const lookup = opts.lookup ?? systemLookup;
  const addressAllowed = opts.isAddressAllowed ?? isPublicAddress;
  const kind = opts.kind ?? IMAGES;
  const noun = kind.noun;
  const literalAllowed = (host: string) => (opts.literalAddresses ?? []).includes(host);

  /** The url, checked against every rule that needs no network. */
  function checkUrl(raw: string): URL {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw new ImageUrlRefusedError('Not a valid address');
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ImageUrlRefusedError('Only http and https addresses are allowed');
    if (url.username || url.password) throw new ImageUrlRefusedError('Addresses with a user name or password are not allowed');
    const host = hostOf(url);
    if (net.isIP(host) && !addressAllowed(host) && !literalAllowed(host)) throw new ImageUrlRefusedError('This address is not allowed');
    if (!hostAllowed(host, opts.allowedHosts)) throw new ImageUrlRefusedError(`${capitalised(noun)}s from ${host} are not allowed`);
    return url;
  }

  /** Resolves the host and checks every address it has; answers the one to connect to. */
  async function checkedAddress(url: URL, signal: AbortSignal): Promise<{ address: string; family: number }> {
    const host = hostOf(url);
    if (net.isIP(host)) return { address: host, family: net.isIP(host) };
    let addresses: { address: string; family: number }[];
    try {
      addresses = await raceAbort(lookup(host), signal);
    } catch (err) {
      if (signal.aborted) throw timeoutError(noun);
      throw new UpstreamError(`The ${noun} host ${host} could not be found`, 'image_unreachable');
    }
    if (addresses.length === 0) throw new UpstreamError(`The ${noun} host ${host} could not be found`, 'image_unreachable');
    // One bad address is enough to refuse: the system would pick any of them.
    if (addresses.some((a) => !addressAllowed(a.address))) throw new ImageUrlRefusedError(`${host} points to an address that is not allowed`);
    return addresses[0];
  }

  function request(url: URL, target: { address: string; family: number }, signal: AbortSignal): Promise<http.IncomingMessage> {
    const fixedLookup = ((_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
      if (options?.all) callback(null, [{ address: target.address, family: target.family }]);
      else callback(null, target.address, target.family);
    }) as unknown as LookupFunction;
    const mod = url.protocol === 'https:' ? https : http;
    return new Promise((resolve, reject) => {
      const req = mod.request(
        url,
        {
          method: 'GET',
          lookup: fixedLookup,
          // No pooled connections: a kept-alive socket could belong to an earlier address.
          agent: false,
          headers: { Accept: kind.accept, 'User-Agent': 'LodgeImageProxy/1' },
          signal,
        },
        resolve,
      );
      req.on('error', (err) => reject(signal.aborted ? timeoutError(noun) : new UpstreamError(`The ${noun} could not be fetched (${(err as NodeJS.ErrnoException).code ?? err.message})`, 'image_unreachable')));
      req.end();
    });
  }

  async function readBody(res: http.IncomingMessage, signal: AbortSignal): Promise<Buffer> {
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of res) {
        size += (chunk as Buffer).length;
        if (size > opts.maxBytes) {
          res.destroy();
          throw tooLarge(opts.maxBytes, noun);
        }
        chunks.push(chunk as Buffer);
      }
    } catch (err) {
      if (err instanceof PayloadTooLargeError) throw err;
      if (signal.aborted) throw timeoutError(noun);
      throw new UpstreamError(`The ${noun} download broke off`, 'image_unreachable');
    }
    return Buffer.concat(chunks);
  }

  return {
    async fetch(raw) {
      const signal = AbortSignal.timeout(opts.timeoutMs);
      let url = checkUrl(raw);
      for (let redirects = 0; ; redirects++) {
        const target = await checkedAddress(url, signal).catch((err: unknown) => {
          throw redirects > 0 ? asRedirectRefusal(err) : err;
        });
        const res = await request(url, target, signal);
        const status = res.statusCode ?? 0;
        if (REDIRECTS.has(status)) {
          res.resume();
          const location = res.headers.location;
          if (!location) throw new UpstreamError(`The ${noun} host redirected nowhere`, 'image_bad_response');
          if (redirects >= maxRedirects) throw new ImageUrlRefusedError(`More than ${maxRedirects} redirects`);
          let next: string;
          try {
            next = new URL(location, url).toString();
          } catch {
            throw new UpstreamError(`The ${noun} host redirected to an invalid address`, 'image_bad_response');
          }
          try {
            url = checkUrl(next);
          } catch (err) {
            throw asRedirectRefusal(err);
          }
          continue;
        }
        if (status < 200 || status >= 300) {
          res.resume();
          throw new UpstreamError(`The ${noun} host answered ${status}`, 'image_upstream_status');
        }
        const contentType = String(res.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
        if (!kind.acceptsType(contentType)) {
          res.destroy();
          throw new ImageUrlRefusedError(`The address does not serve ${/^[aeiou]/.test(noun) ? 'an' : 'a'} ${noun} (${contentType || 'no content type'})`);
        }
        const declared = Number(res.headers['content-length']);
        if (Number.isFinite(declared) && declared > opts.maxBytes) {
          res.destroy();
          throw tooLarge(opts.maxBytes, noun);
        }
        return { bytes: await readBody(res, signal), contentType, finalUrl: url.toString() };
      }
    },
  };
}

function asRedirectRefusal(err: unknown): unknown {
  return err instanceof ImageUrlRefusedError ? new ImageUrlRefusedError(`Redirected to a refused address: ${err.errors?.url}`) : err;
}

function hostOf(url: URL): string {
  // URL keeps IPv6 literals in brackets; a trailing dot names the same host.
  return url.hostname.replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '').toLowerCase();
}

function tooLarge(maxBytes: number, noun: string): PayloadTooLargeError {
  const MB = 1024 * 1024;
  const limit = maxBytes >= MB ? `${Math.round((maxBytes / MB) * 10) / 10} MB` : `${Math.round(maxBytes / 1024)} KB`;
  return new PayloadTooLargeError(`The ${noun} is larger than ${limit}`, 'image_too_large');
}

function timeoutError(noun: string): UpstreamError {
  return new UpstreamError(`The ${noun} host did not answer in time`, 'image_timeout');
}

function raceAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      (e) => {
        signal.removeEventListener('abort', onAbort);
        reject(e);
      },
    );
  });
}

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
