import { useCallback, useState, type ChangeEvent, type FormEvent } from 'react';
import type { z } from 'zod';

type FieldErrors<T> = Partial<Record<keyof T & string, string>>;

/**
 * A small form state holder validated by a shared zod contract, so the PWA shows exactly
 * the messages the API would answer with. Fields are validated on submit, then live as the
 * user corrects them. Values are strings (what inputs hold); the schema does any coercion.
 */
export function useZodForm<S extends z.ZodObject>(schema: S, initial: Record<keyof z.input<S> & string, string>) {
  type Values = typeof initial;
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<FieldErrors<Values>>({});
  const [submitted, setSubmitted] = useState(false);

  const validate = useCallback(
    (next: Values) => {
      const result = schema.safeParse(next);
      if (result.success) {
        setErrors({});
        return result.data as z.output<S>;
      }
      const found: FieldErrors<Values> = {};
      for (const issue of result.error.issues) {
        const field = issue.path[0];
        if (typeof field === 'string' && !(field in found)) found[field as keyof Values & string] = issue.message;
      }
      setErrors(found);
      return null;
    },
    [schema],
  );

  const field = (name: keyof Values & string) => ({
    name,
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      const next = { ...values, [name]: event.target.value };
      setValues(next);
      if (submitted) validate(next);
    },
    error: Boolean(errors[name]),
    helperText: errors[name] ?? ' ',
  });

  const handleSubmit = (onValid: (data: z.output<S>) => void) => (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const data = validate(values);
    if (data) onValid(data);
  };

  return { values, errors, field, handleSubmit };
}
