/** Cache key of the current user; the read path is the key (GET /api/auth/user). */
export const AUTH_USER_KEY = ['/api/auth/user'] as const;
