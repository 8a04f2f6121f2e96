/**
 * Where an accommodation picture is loaded from. Our own files (a path on this origin, such
 * as the demo pictures or uploads) load directly and can be cached offline; anything else
 * goes through the API's image endpoint (public-site.md section 7), which serves only
 * allow-listed hosts with size and type limits, so the page never hot-links arbitrary hosts.
 */
export function accommodationImageSrc(url: string): string {
  if (url.startsWith('/') && !url.startsWith('//')) return url;
  return `/api/accommodation-image?url=${encodeURIComponent(url)}`;
}
