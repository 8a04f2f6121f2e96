/**
 * Where to go after logging in, remembered when a protected page sends a visitor to /auth
 * (docs/product.md, Protected pages). Per tab (sessionStorage) so another tab's detour does not
 * hijack this one. '/' and '/auth' are never stored: they are not destinations.
 */
const KEY = 'lodge.postLoginTarget';

export function savePostLoginTarget(pathWithSearch: string): void {
  const path = pathWithSearch.split(/[?#]/)[0];
  if (!pathWithSearch.startsWith('/') || path === '/' || path === '/auth') return;
  try {
    sessionStorage.setItem(KEY, pathWithSearch);
  } catch {
    // Storage can be unavailable (private mode quota); the default destination still works.
  }
}

export function peekPostLoginTarget(): string | null {
  try {
    return sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function clearPostLoginTarget(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // See savePostLoginTarget.
  }
}
