import type { FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from '../../../shared/zod.ts';
import { isCleanText } from '../../../shared/schemas/common.ts';
import type { Deps } from '../../platform/deps.ts';
import { authenticate, completeChat, listModels, OpenAIError, prepareChat, toOpenAIError, type KeyContext } from './v1.service.ts';

const tags = ['openai-compatible'];

const zText = z.string().max(200_000).refine(isCleanText, 'Invalid characters.');
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

const errorBody = (e: OpenAIError) => ({ error: { message: e.message, type: e.type, code: e.code, param: null } });

/**
 * The OpenAI-compatible API (docs/api.md): `baseURL = <Mika>/v1`, `Authorization: Bearer mika_…`.
 * Its own error handler answers in OpenAI's shape (this plugin is encapsulated).
 */
export const v1Routes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      const known = toOpenAIError(error);
      if (known) return reply.code(known.status).send(errorBody(known));
      if (hasZodFastifySchemaValidationErrors(error)) {
        const first = error.validation[0];
        const where = first?.instancePath ? ` at ${first.instancePath}` : '';
        return reply.code(400).send(errorBody(new OpenAIError(400, `Invalid request${where}: ${first?.message ?? 'malformed body'}`, 'invalid_request_error', 'invalid_request')));
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        return reply.code(status).send(errorBody(new OpenAIError(status, 'Invalid request.', 'invalid_request_error', null)));
      }
      request.log.error({ err: error }, 'v1 request failed');
      return reply.code(500).send(errorBody(new OpenAIError(500, 'The server had an error while processing the request.', 'api_error', null)));
    });

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
        const raw = reply.raw;
        raw.writeHead(200, {
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-cache, no-transform',
          connection: 'keep-alive',
          'x-accel-buffering': 'no',
        });
        let open = true;
        raw.on('close', () => {
          open = false;
          abort.abort();
        });
        const write = (data: unknown) => {
          if (open) raw.write(`data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`);
        };
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
        if (open) raw.end();
      },
    );
  };
