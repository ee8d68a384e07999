// The front door of the question-insights feature (Einblicke; docs/decisions/029-server-boundaries.md):
// other features and the app's wiring import only what is exported here.
export { questionInsightRoutes } from './question-insight.routes.ts';
export { defineQuestionInsightJobs, buildStaleInsights, buildInsight } from './question-insight.jobs.ts';
export { recordAskedQuestionCte, votesOfThread, type AskedQuestion } from './question.repository.ts';
export { exportThreadFeedback, questionInsightRowOwner } from './question.rows.ts';
export { groupQuestions } from './topics.ts';
export { joinTopicsByMeaning } from './topic-vectors.ts';
