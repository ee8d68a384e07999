// The front door of the knowledge feature (docs/decisions/029-server-boundaries.md): other features and
// the app's wiring import only what is exported here.
import './knowledge.access.ts';
import './website.access.ts';
export { seedGuideKnowledge } from './guide.seed.ts';
export { defineKnowledgeJobs, resplitAssistant, resumeInterruptedIngestion } from './knowledge.jobs.ts';
export { knowledgeFolderOwner } from './knowledge.repository.ts';
export { knowledgeRoutes } from './knowledge.routes.ts';
export { citedSources, retrieveKnowledge, retrieveKnowledgeIfAny } from './knowledge.service.ts';
export { defineReembedJob, reembeddingPending, requestReembedding } from './reembed.ts';
export { questionTerms, searchPassages } from './retrieval.ts';
export { scheduleLegacyIndexing, scheduleRereading } from './knowledge.jobs.ts';
export { knowledgeRowOwner } from './knowledge.rows.ts';
export { openVocabularyCache, SETTLE_MS, vocabularyOf } from './term-cache.ts';
export { addQaEntry } from './knowledge-qa.ts';
export { knowledgeQaRoutes } from './knowledge-qa.routes.ts';
export { websiteRoutes } from './website.routes.ts';
export { defineWebsiteJobs, resumeInterruptedCrawls } from './website.jobs.ts';
export { websiteRowOwner } from './website.rows.ts';
