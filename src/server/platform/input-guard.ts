import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error.ts';
import { COMMON_MESSAGES } from '../../shared/messages.ts';
import { hasForbiddenChars } from '../../shared/schemas/common.ts';

/** The dotted path of the first string (key or value) holding NUL or a lone surrogate, if any. */
export function findForbiddenString(value: unknown): string | undefined {
  // Iterative: a deeply nested body must not overflow the stack.
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length > 0) {
    const [current, path] = stack.pop()!;
    if (typeof current === 'string') {
      if (hasForbiddenChars(current)) return path;
    } else if (current && typeof current === 'object') {
      for (const [key, child] of Object.entries(current)) {
        const childPath = path ? `${path}.${key}` : key;
        if (hasForbiddenChars(key)) return childPath;
        stack.push([child, childPath]);
      }
    }
  }
  return undefined;
}

/**
 * The backstop behind the zod building blocks: no route ever sees a NUL character or a lone
 * surrogate in its params, query or JSON body (PostgreSQL refuses them in text: a 500 otherwise).
 */
export function registerInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const path = findForbiddenString(part);
      if (path !== undefined) {
        throw new AppError('VALIDATION', COMMON_MESSAGES.invalidCharacters, { fields: path ? { [path]: [COMMON_MESSAGES.invalidCharacters] } : {} });
      }
    }
  });
}
