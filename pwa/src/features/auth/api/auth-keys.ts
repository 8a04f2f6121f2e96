/** Cache key of the current user (GET /api/auth/user). Keys are names, not URLs. */
export const AUTH_USER_KEY = ['auth', 'user'] as const;
