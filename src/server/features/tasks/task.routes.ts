import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from '../../../shared/zod.ts';
import { ZTaskOutputMail, ZTaskRequest, ZTaskResponse } from '../../../shared/schemas/task.ts';
import type { Deps } from '../../platform/deps.ts';
import { mailTaskOutput, runTask } from './task.service.ts';

const tags = ['tasks'];

/** The task view's calls (docs/product/tasks-and-images.md: "Task and image generation"; docs/tasks.md). */
export const taskRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/send/task',
      {
        config: { access: 'use' },
        schema: {
          tags,
          description:
            'Runs a task: {assistantUuid, threadId, token, input (≥ 30 characters)} → {responseData, responseType: txt|doc, msgId, ' +
            'threadToken, threadId}. Without threadId/token a thread is created. For doc, responseData is the file name served by ' +
            '/document/{assistantUuid}/{file}?token={threadToken}. Progress arrives on the thread\'s live channel.',
          body: ZTaskRequest,
          response: { 200: ZTaskResponse },
        },
      },
      async (request) => runTask(deps, { auth: request.auth!, ip: request.ip }, request.body),
    );

    app.post(
      '/api/email/taskoutput',
      {
        config: { access: 'member' },
        schema: {
          tags,
          description: "Mails a task result as plain text to the signed-in user's own address (throttled).",
          body: ZTaskOutputMail,
          response: { 200: z.object({ message: z.string() }) },
        },
      },
      async (request) => mailTaskOutput(deps, request.auth!, request.body),
    );
  };
