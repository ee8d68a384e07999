import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { M } from '../../../shared/messages.ts';

interface WithConfirmation extends FieldValues {
  password?: unknown;
  password_confirmation?: unknown;
}

/**
 * The shared schemas compare password and confirmation in an object-level refine, which zod runs
 * only once every field is valid. In the form the mismatch should show at once, next to the
 * other messages: this adds it whenever both are filled and differ (same text as the schema).
 */
export function withConfirmationCheck<TValues extends WithConfirmation, TContext, TOutput>(
  resolver: Resolver<TValues, TContext, TOutput>,
): Resolver<TValues, TContext, TOutput> {
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    const { password, password_confirmation: confirmation } = values;
    const mismatch =
      typeof password === 'string' &&
      typeof confirmation === 'string' &&
      confirmation !== '' &&
      password !== confirmation;
    if (!mismatch || result.errors.password_confirmation) return result;
    const errors = {
      ...result.errors,
      password_confirmation: { type: 'custom', message: M.confirmationMismatch },
    } as FieldErrors<TValues>;
    return { values: {}, errors };
  };
}
