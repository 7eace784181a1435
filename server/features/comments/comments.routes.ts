import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  createComment,
  deleteComment,
  dismissCommentReports,
  editComment,
  getComments,
  getCommentSource,
  likeComment,
  listReportedComments,
  reportComment,
} from '../../../contract/comments.ts';
import type { AppDeps } from '../../app-deps.ts';
import { registerCall } from '../../http.ts';
import { enforceRateLimit, type RateRule } from '../../plugins/rate-limit.ts';
import * as commentsService from './comments.service.ts';
import { requireMember, type Actor } from './comments.service.ts';

/** Per member: enough for a lively debate, too few for a flood of spam or reports. */
export const commentRateRules = {
  create: { name: 'comment-new', limit: 30, windowMs: 10 * 60_000 },
  report: { name: 'comment-report', limit: 20, windowMs: 60 * 60_000 },
} satisfies Record<string, RateRule>;

export function registerCommentRoutes(app: FastifyInstance, { db, config }: AppDeps) {
  const actorOf = (request: FastifyRequest): Actor | null =>
    commentsService.actorOf(request.user, config.adminEmails);

  registerCall(app, getComments, async ({ threadID, sort }, request) => ({
    Comments: await commentsService.listThread(db, { threadID, sort, viewer: request.user }),
  }));

  registerCall(app, createComment, async (input, request) => {
    const actor = requireMember(actorOf(request), 'join the conversation');
    await enforceRateLimit(app.rateLimiter, commentRateRules.create, String(actor.user.id));
    return { Comment: await commentsService.createComment(db, actor, input) };
  });

  registerCall(app, getCommentSource, async ({ commentID }, request) =>
    commentsService.getCommentSource(
      db,
      requireMember(actorOf(request), 'edit comments'),
      commentID,
    ),
  );

  registerCall(app, editComment, async (input, request) => ({
    Comment: await commentsService.editComment(
      db,
      requireMember(actorOf(request), 'edit comments'),
      input,
    ),
  }));

  registerCall(app, deleteComment, async ({ commentID }, request) => ({
    Comment: await commentsService.deleteComment(
      db,
      requireMember(actorOf(request), 'delete comments'),
      commentID,
    ),
  }));

  registerCall(app, likeComment, async (input, request) =>
    commentsService.setCommentLike(db, requireMember(actorOf(request), 'give good points'), input),
  );

  registerCall(app, reportComment, async (input, request) => {
    const actor = requireMember(actorOf(request), 'report comments');
    await enforceRateLimit(app.rateLimiter, commentRateRules.report, String(actor.user.id));
    await commentsService.reportComment(db, actor, input);
    return {};
  });

  registerCall(app, listReportedComments, async (_input, request) => ({
    Comments: await commentsService.listModerationQueue(db, actorOf(request)),
  }));

  registerCall(app, dismissCommentReports, async ({ commentID }, request) => {
    await commentsService.dismissReports(db, actorOf(request), commentID);
    return {};
  });
}
