/** Plain-text wording of the chat's answers (the PWA shows them as text, never as HTML). */

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
