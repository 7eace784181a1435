// What other features may use of the reports besides reports.service.ts: the quiz an opinion's
// page links to (the opinions feature, which reports.service.ts itself uses).
export { quizOfOpinionSlug, type QuizLink } from './reports.content.ts';
