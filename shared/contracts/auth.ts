import { z } from 'zod';
import { STAFF_ROLES } from '../roles.js';

/** Login and register messages, word for word (docs/product.md, Login and register). */
export const AUTH_MESSAGES = {
  usernameMin: 'Username must be at least 3 characters',
  passwordMin: 'Password must be at least 6 characters',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  emailInvalid: 'Valid email is required',
  invalidCredentials: 'Invalid username or password',
  usernameTaken: 'Username is already taken',
} as const;

const username = z
  .string({ error: 'Username is required' })
  .trim()
  .min(3, AUTH_MESSAGES.usernameMin)
  .max(50, 'Username must be at most 50 characters')
  .regex(/^[A-Za-z0-9._-]+$/, 'Username may contain letters, digits, dot, dash and underscore only');

// Long passwords are fine, but argon2 over a megabyte is a denial-of-service lever.
const password = z
  .string({ error: 'Password is required' })
  .min(6, AUTH_MESSAGES.passwordMin)
  .max(200, 'Password must be at most 200 characters');

export const LoginRequest = z.object({
  username: z.string({ error: 'Username is required' }).trim().min(3, AUTH_MESSAGES.usernameMin).max(50),
  password: z.string({ error: 'Password is required' }).min(6, AUTH_MESSAGES.passwordMin).max(200),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

/** Registration always creates a guest: a `role` in the body is ignored (stripped). */
export const RegisterRequest = z.object({
  username,
  password,
  firstName: z.string({ error: AUTH_MESSAGES.firstNameRequired }).trim().min(1, AUTH_MESSAGES.firstNameRequired).max(100),
  lastName: z.string({ error: AUTH_MESSAGES.lastNameRequired }).trim().min(1, AUTH_MESSAGES.lastNameRequired).max(100),
  email: z.string({ error: AUTH_MESSAGES.emailInvalid }).trim().toLowerCase().pipe(z.email(AUTH_MESSAGES.emailInvalid)).pipe(z.string().max(254)),
});
export type RegisterRequest = z.infer<typeof RegisterRequest>;

export const UserResponse = z.object({
  id: z.string(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: z.enum(STAFF_ROLES).nullable(),
});
export type User = z.infer<typeof UserResponse>;
