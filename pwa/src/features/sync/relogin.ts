/**
 * Set when staff press "Log in" on the session-ended banner: the back office then goes to
 * /auth at once instead of announcing "Unauthorized" and waiting (they asked for it).
 */
let requested = false;

export function requestRelogin(): void {
  requested = true;
}

export function reloginRequested(): boolean {
  return requested;
}

export function clearRelogin(): void {
  requested = false;
}
