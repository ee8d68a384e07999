import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from '../../../shared/zod.ts';
import { isCleanText } from '../../../shared/schemas/common.ts';
import type { Deps } from '../../platform/deps.ts';
import { openEventStream } from '../../platform/event-stream.ts';
import {
  authenticate,
  completeChat,
  listModels,
  OpenAIError,
  openAIErrorBody as errorBody,
  prepareChat,
  retrieveModel,
  toOpenAIError,
  unknownRoute,
  type KeyContext,
} from './v1.service.ts';
import type { OwnNotFound } from '../../platform/client-delivery.ts';

const tags = ['openai-compatible'];

// Long texts are bounded by the body limit (1 MiB); whether they fit is the context-window check's
// call (context_length_exceeded), not a schema error.
const zText = z.string().max(1_048_576).refine(isCleanText, 'Invalid characters.');
const ZMessage = z.looseObject({
  role: z.enum(['system', 'developer', 'user', 'assistant', 'tool']),
  content: z
    .union([zText, z.array(z.looseObject({ type: z.string().max(50), text: zText.optional() })).max(100), z.null()])
    .optional(),
});
const ZCompletionRequest = z.looseObject({
  model: z.string().min(1).max(100),
  messages: z.array(ZMessage).min(1).max(500),
  stream: z.boolean().optional(),
  stream_options: z.looseObject({ include_usage: z.boolean().optional() }).nullable().optional(),
});

const keys = new WeakMap<object, KeyContext>();

/** Any error of a /v1 request in OpenAI's shape (also used by the app for /v1 paths without a route). */
export function sendV1Error(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const known = toOpenAIError(error);
  if (known) return reply.code(known.status).send(errorBody(known));
  if (hasZodFastifySchemaValidationErrors(error)) {
    const first = error.validation[0];
    const where = first?.instancePath ? ` at ${first.instancePath}` : '';
    const what = first ? englishIssue(first.keyword, first.params, first.message) : 'malformed body';
    return reply.code(400).send(errorBody(new OpenAIError(400, `Invalid request${where}: ${what}`, 'invalid_request_error', 'invalid_request')));
  }
  const status = error.statusCode ?? 500;
  if (status === 413) {
    return reply.code(413).send(errorBody(new OpenAIError(413, 'The request body is larger than 1 MiB.', 'invalid_request_error', 'request_too_large')));
  }
  if (status >= 400 && status < 500) {
    return reply.code(status).send(errorBody(new OpenAIError(status, 'Invalid request.', 'invalid_request_error', null)));
  }
  request.log.error({ err: error }, 'v1 request failed');
  return reply.code(500).send(errorBody(new OpenAIError(500, 'The server had an error while processing the request.', 'api_error', null)));
}

interface IssueParams {
  expected?: string;
  origin?: string;
  maximum?: number | bigint;
  minimum?: number | bigint;
  values?: unknown[];
  format?: string;
  keys?: string[];
}

/**
 * A validation issue in English, like the rest of this API (its callers are developers with OpenAI
 * clients): zod's messages are German for the product's own forms (shared/zod.ts).
 */
function englishIssue(code: string, params: IssueParams, ownMessage: string | undefined): string {
  const unit = (bound: number | bigint | undefined) => {
    const one = bound === 1 || bound === 1n;
    if (params.origin === 'string') return one ? ' character' : ' characters';
    return params.origin === 'array' ? (one ? ' item' : ' items') : '';
  };
  switch (code) {
    case 'invalid_type':
      return `expected ${params.expected ?? 'another type'}.`;
    case 'too_big':
      return `must be at most ${String(params.maximum)}${unit(params.maximum)}.`;
    case 'too_small':
      return `must be at least ${String(params.minimum)}${unit(params.minimum)}.`;
    case 'invalid_value':
      return `must be one of ${(params.values ?? []).map((v) => JSON.stringify(v)).join(', ')}.`;
    case 'invalid_format':
      return `must be a valid ${params.format ?? 'value'}.`;
    case 'unrecognized_keys':
      return `unknown keys ${(params.keys ?? []).join(', ')}.`;
    case 'custom':
      return ownMessage ?? 'invalid value.';
    default:
      return 'invalid value.';
  }
}

/** True for the paths of the OpenAI-compatible API. */
export const isV1Path = (url: string) => url === '/v1' || url.startsWith('/v1/') || url.startsWith('/v1?');

/** Unknown /v1 paths and methods answer like OpenAI: 404 `unknown_url` in its error shape. */
export const v1NotFound: OwnNotFound = {
  prefix: '/v1',
  send: (request, reply, path) => reply.code(404).send(errorBody(unknownRoute(request.method, path))),
};

/**
 * The OpenAI-compatible API (docs/api.md): `baseURL = <Mika>/v1`, `Authorization: Bearer mika_…`.
 * Its own error handler answers in OpenAI's shape (this plugin is encapsulated).
 */
export const v1Routes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.setErrorHandler(sendV1Error);

    // The key first: an unauthenticated call is 401 whatever its body (OpenAI's order).
    app.addHook('onRequest', async (request) => {
      keys.set(request, await authenticate(deps, request.headers.authorization, request.ip));
    });
    const keyOf = (request: object) => {
      const ctx = keys.get(request);
      if (!ctx) throw new OpenAIError(401, 'Missing API key.', 'invalid_request_error', 'invalid_api_key');
      return ctx;
    };

    app.get(
      '/v1/models',
      { config: { access: 'apikey', stateChangingGet: 'counts wrong API keys and calls per team for the rate limits (throttle_hits)' }, schema: { tags, description: 'The Mikas in the key’s scope (OpenAI list format).' } },
      async (request) => listModels(deps, keyOf(request)),
    );

    app.get(
      '/v1/models/:model',
      {
        config: { access: 'apikey', stateChangingGet: 'counts wrong API keys and calls per team for the rate limits (throttle_hits)' },
        schema: { tags, description: 'One Mika in the key’s scope (OpenAI model object); else 404 `model_not_found`.', params: z.object({ model: z.string().max(200) }) },
      },
      async (request) => retrieveModel(deps, keyOf(request), request.params.model),
    );

    app.post(
      '/v1/chat/completions',
      {
        exposeHeadRoute: false,
        config: { access: 'apikey' },
        schema: {
          tags,
          description:
            'OpenAI chat completions with `model` = a Mika’s uuid; `stream: true` answers with SSE chunks and `data: [DONE]`. ' +
            'System messages of the caller are ignored (the Mika’s own role applies).',
          body: ZCompletionRequest,
        },
      },
      async (request, reply) => {
        const ctx = keyOf(request);
        const body = request.body;
        const prepared = await prepareChat(deps, ctx, body);
        if (!body.stream) {
          const done = await completeChat(deps, ctx, prepared, () => undefined);
          if (done.status === 'failed') throw new OpenAIError(502, 'The model provider failed to answer.', 'api_error', 'provider_failed');
          return {
            id: done.id,
            object: 'chat.completion',
            created: done.created,
            model: done.model,
            choices: [{ index: 0, message: { role: 'assistant', content: done.text, refusal: null }, finish_reason: done.status === 'partial' ? 'length' : 'stop', logprobs: null }],
            usage: done.usage,
          };
        }

        const abort = new AbortController();
        reply.hijack();
        const stream = openEventStream(reply.raw, () => abort.abort());
        const write = (data: unknown) => stream.write(typeof data === 'string' ? data : JSON.stringify(data));
        const id = `chatcmpl-${crypto.randomUUID().replace(/-/g, '')}`;
        const created = Math.floor(Date.now() / 1000);
        const chunk = (delta: object, finish: string | null) => ({
          id,
          object: 'chat.completion.chunk',
          created,
          model: body.model,
          choices: [{ index: 0, delta, finish_reason: finish, logprobs: null }],
        });
        write(chunk({ role: 'assistant', content: '' }, null));
        try {
          const done = await completeChat(deps, ctx, prepared, (delta) => write(chunk({ content: delta }, null)), abort.signal);
          if (done.status === 'failed') {
            write(errorBody(new OpenAIError(502, 'The model provider failed to answer.', 'api_error', 'provider_failed')));
          } else {
            write(chunk({}, done.status === 'partial' ? 'length' : 'stop'));
            if (body.stream_options?.include_usage) write({ id, object: 'chat.completion.chunk', created, model: body.model, choices: [], usage: done.usage });
          }
        } catch (err) {
          const known = toOpenAIError(err);
          if (!known) request.log.error({ err }, 'v1 stream failed');
          write(errorBody(known ?? new OpenAIError(500, 'The server had an error while processing the request.', 'api_error', null)));
        }
        write('[DONE]');
        stream.end();
      },
    );
  };
