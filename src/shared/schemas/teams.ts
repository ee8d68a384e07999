import { z } from '../zod.ts';
import { zNameRule } from './auth.ts';

/** PUT /api/team: the owner names the team (registration names it after the person: «Team Sabine Krüger»). */
export const ZTeamNameRequest = z.object({ name: zNameRule('Teamname') });
export type TeamNameRequest = z.infer<typeof ZTeamNameRequest>;
export const ZTeamNameResponse = z.object({ status: z.literal('success'), message: z.string(), teamName: z.string() });
