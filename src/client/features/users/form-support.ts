import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { USER_MESSAGES } from '../../../shared/messages.ts';

export interface PasswordPair {
  password: string;
  password_confirmation: string;
}

export const EMPTY_PAIR: PasswordPair = { password: '', password_confirmation: '' };

/**
 * Runs the shared schema's resolver on the payload the form will send (toPayload), so field
 * paths and messages are exactly the server's ("password.password", "user.email" …). The
 * schema compares password and confirmation only once everything else is valid; the mismatch
 * is added here at once, next to the other messages.
 */
export function payloadResolver<TForm extends FieldValues & { password: PasswordPair }, TPayload extends FieldValues, TOutput>(
  schemaResolver: Resolver<TPayload, unknown, TOutput>,
  toPayload: (values: TForm) => TPayload,
  checkPair: (values: TForm) => boolean,
): Resolver<TForm, unknown, TOutput> {
  return async (values, context, options) => {
    const result = await schemaResolver(
      toPayload(values),
      context,
      options as unknown as Parameters<typeof schemaResolver>[2],
    );
    const { password, password_confirmation: confirmation } = values.password;
    const mismatch = checkPair(values) && confirmation !== '' && password !== confirmation;
    const errors = result.errors as FieldErrors<TForm> & { password?: Record<string, unknown> };
    if (!mismatch || errors.password?.password_confirmation) {
      return result as unknown as Awaited<ReturnType<Resolver<TForm, unknown, TOutput>>>;
    }
    return {
      values: {},
      errors: {
        ...errors,
        password: {
          ...(errors.password ?? {}),
          password_confirmation: { type: 'custom', message: USER_MESSAGES.confirmationMismatch },
        },
      } as FieldErrors<TForm>,
    };
  };
}
