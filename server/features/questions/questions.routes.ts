import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  argFeed,
  convoFeed,
  convoImageMaxBytes,
  createCategory,
  createConvo,
  deleteCategory,
  deleteConvoImage,
  editCategory,
  editConvo,
  getAllCategories,
  getConvo,
  uploadConvoImage,
} from '../../../contract/questions.ts';
import type { AppDeps } from '../../app-deps.ts';
import { matchesEtag, notFound, registerCall } from '../../http.ts';
import { clearSessionCookie } from '../../plugins/session.ts';
import * as questionsService from './questions.service.ts';

/**
 * The upload's request: the image in base64 (4 characters per 3 bytes) and the envelope. Larger
 * requests get 413 before they are read in full.
 */
const uploadBodyLimit = Math.ceil(convoImageMaxBytes / 3) * 4 + 64 * 1024;

/** An image file never changes under its URL (a new upload is a new image id): keep it a year. */
const imageCacheControl = 'public, max-age=31536000, immutable';

export function registerQuestionRoutes(app: FastifyInstance, { db, config }: AppDeps) {
  const actorOf = (request: FastifyRequest) => ({
    viewer: request.user,
    adminEmails: config.adminEmails,
  });

  registerCall(app, convoFeed, async (input) => questionsService.getConvoFeed(db, input));
  registerCall(app, argFeed, async (input) => questionsService.getArgumentFeed(db, input));
  registerCall(
    app,
    getConvo,
    async ({ slug }, request, reply) =>
      questionsService.getConvoPage(db, slug, {
        sessionTokenHash: request.sessionTokenHash,
        // A dead session's cookie is removed, so the browser stops sending it.
        onDeadSession: () => clearSessionCookie(request, reply, config),
      }),
    // The page resolves the session itself: it needs the member's votes as well.
    { resolvesOwnSession: true },
  );
  registerCall(app, createConvo, async (input, request) =>
    questionsService.createConvo(db, actorOf(request), input),
  );
  registerCall(app, editConvo, async (input, request) =>
    questionsService.editConvo(db, actorOf(request), input),
  );
  registerCall(
    app,
    uploadConvoImage,
    async (input, request) => questionsService.uploadConvoImage(db, actorOf(request), input),
    { bodyLimit: uploadBodyLimit },
  );
  registerCall(app, deleteConvoImage, async ({ convoID }, request) =>
    questionsService.deleteConvoImage(db, actorOf(request), convoID),
  );
  registerCall(app, getAllCategories, async () => ({
    Categories: await questionsService.listCategories(db),
  }));
  registerCall(app, createCategory, async ({ title }, request) =>
    questionsService.createCategory(db, actorOf(request), title),
  );
  registerCall(app, editCategory, async (input, request) =>
    questionsService.editCategory(db, actorOf(request), input),
  );
  registerCall(app, deleteCategory, async ({ id }, request) =>
    questionsService.deleteCategory(db, actorOf(request), id),
  );

  // An image file, not a JSON call; a miss is the wire format's 404.
  app.get<{ Params: { imageId: string; width: string } }>(
    '/api/convo/image/:imageId/:width',
    async (request, reply) => {
      const { imageId, width } = request.params;
      if (!/^\d{1,9}$/.test(imageId) || !/^\d{1,5}$/.test(width)) throw notFound();
      const etag = `"convo-image-${imageId}-${width}"`;
      if (matchesEtag(request.headers['if-none-match'], etag)) {
        return reply
          .header('etag', etag)
          .header('cache-control', imageCacheControl)
          .code(304)
          .send();
      }
      const file = await questionsService.findImageFile(db, Number(imageId), Number(width));
      if (!file) throw notFound();
      return reply
        .header('etag', etag)
        .header('cache-control', imageCacheControl)
        .type('image/webp')
        .send(file);
    },
  );
}
