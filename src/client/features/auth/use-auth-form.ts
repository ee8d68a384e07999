import { useRef, useState } from 'react';
import type { ZodType } from 'zod';
import { COMMON_MESSAGES } from '../../../shared/messages.ts';
import type * as AuthSchemas from '../../../shared/schemas/auth.ts';
import { showServerErrors } from '../../lib/form-errors.ts';

type Values = Record<string, unknown>;
export type FieldErrors<F extends string> = Partial<Record<F | 'token', string>>;

interface Options<V extends Values> {
  initial: V;
  /** The shared zod schema: loaded with the first submit, so zod is not part of the first page load. */
  schema: () => Promise<ZodType>;
  /** Fields in screen order: the first one with an error gets the focus. */
  fields: readonly (keyof V & string)[];
}

let schemaModule: Promise<typeof AuthSchemas> | undefined;
/** The auth schemas (and zod) on first use; a failed load is retried next time. */
export function authSchemas() {
  schemaModule ??= import('../../../shared/schemas/auth.ts').catch((error: unknown) => {
    schemaModule = undefined;
    throw error;
  });
  return schemaModule;
}

/**
 * The shared schemas compare password and confirmation in an object-level refine; in the form the
 * mismatch shows at once, next to the other messages, whenever both are filled and differ.
 */
function confirmationMismatch(values: Values): boolean {
  const { password, password_confirmation: confirmation } = values;
  return typeof password === 'string' && typeof confirmation === 'string' && confirmation !== '' && password !== confirmation;
}

async function validate<V extends Values>(schema: ZodType, values: V) {
  const result = await schema.safeParseAsync(values);
  const errors: Record<string, string> = {};
  if (!result.success) {
    for (const issue of result.error.issues) {
      const key = issue.path.join('.');
      if (!(key in errors)) errors[key] = issue.message;
    }
  }
  if ('password_confirmation' in values && !errors.password_confirmation && confirmationMismatch(values)) {
    errors.password_confirmation = COMMON_MESSAGES.confirmationMismatch;
  }
  const valid = Object.keys(errors).length === 0;
  return { errors, data: valid && result.success ? (result.data as V) : undefined };
}

/**
 * The sign-in forms' small state: values, errors and submit, with react-hook-form's behaviour that
 * the screens had before (docs/decisions/012): validate on submit with the shared zod schema, then
 * again on every change of a field; focus the first field in error; server field errors (422) on
 * their fields, the rest in the snackbar.
 */
export function useAuthForm<V extends Values>({ initial, schema, fields }: Options<V>) {
  type F = keyof V & string;
  const [values, setValues] = useState<V>(initial);
  // The latest values also for events that fire before the next render.
  const latest = useRef(values);
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  const [submitted, setSubmitted] = useState(false);
  const refs = useRef<Partial<Record<F, HTMLInputElement | null>>>({});

  const focus = (name: F) => refs.current[name]?.focus();

  const setValue = (name: F, value: V[F]) => {
    const next = { ...latest.current, [name]: value };
    latest.current = next;
    setValues(next);
    if (!submitted) return;
    // After the first submit each change re-checks its field (react-hook-form's reValidateMode).
    void schema()
      .then((loaded) => validate(loaded, next))
      .then(({ errors: found }) => setErrors((current) => ({ ...current, [name]: found[name] })));
  };

  /** The props a field needs: value, error, change handler and the ref for focusing. */
  const field = (name: F) => ({
    name,
    value: values[name] as string,
    error: errors[name],
    onChange: (value: string) => setValue(name, value as V[F]),
    inputRef: (element: HTMLInputElement | null) => {
      refs.current[name] = element;
    },
  });

  const handleSubmit =
    (onValid: (data: V) => Promise<void>, onInvalid?: (errors: FieldErrors<F>) => void) => async (event: { preventDefault(): void }) => {
      event.preventDefault();
      setSubmitted(true);
      const { errors: found, data } = await validate(await schema(), latest.current);
      setErrors(found as FieldErrors<F>);
      if (!data) {
        const first = fields.find((name) => found[name]);
        if (first) focus(first);
        onInvalid?.(found as FieldErrors<F>);
        return;
      }
      await onValid(data);
    };

  /** Puts the server's answer on the fields (and the rest in the snackbar), as the office's forms do. */
  const showServerError = (error: unknown) =>
    showServerErrors<V>(
      error,
      (name, { message }, options) => {
        setErrors((current) => ({ ...current, [name]: message }));
        if (options?.shouldFocus) focus(name);
      },
      fields as never,
    );

  return { values, setValue, field, handleSubmit, showServerError };
}
