import type { FastifyInstance } from 'fastify';
import {
  getActivity,
  getContributors,
  getProfile,
  getUserComments,
  setProfile,
} from '../../../contract/people.ts';
import type { AppDeps } from '../../app-deps.ts';
import { matchesEtag, registerCall } from '../../http.ts';
import { avatarEtag, renderAvatarSvg, type AvatarSize } from './people.avatar.ts';
import * as peopleService from './people.service.ts';

/** Avatars depend only on the name: browsers and proxies may keep them a day, then revalidate. */
const avatarCacheControl = 'public, max-age=86400, stale-while-revalidate=604800';

export function registerPeopleRoutes(app: FastifyInstance, { db }: AppDeps) {
  registerCall(app, getProfile, async ({ username }) => peopleService.getProfile(db, username));
  registerCall(app, getUserComments, async ({ username, after }) =>
    peopleService.listUserComments(db, username, after),
  );
  registerCall(app, getContributors, async () => peopleService.listContributors(db));
  registerCall(app, getActivity, async () => peopleService.getLatestActivity(db));
  registerCall(app, setProfile, async (input, request) =>
    peopleService.setProfileTexts(db, request.user, input),
  );

  // An image, not a JSON call: every name gets a picture (docs/product/calls.md#wire-format), so
  // no validation can fail; an unexpected `size` falls back to the small one. A wildcard rather
  // than a `:username` parameter, so that an absurdly long name still gets a picture instead of
  // the router's 414.
  app.get<{ Params: { '*': string }; Querystring: Record<string, unknown> }>(
    '/api/user/profileimage/*',
    async (request, reply) => {
      const size: AvatarSize = request.query.size === 'big' ? 'big' : 'small';
      const username = request.params['*'];
      const etag = avatarEtag(username, size);
      reply.header('etag', etag).header('cache-control', avatarCacheControl);
      if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();
      return reply.type('image/svg+xml; charset=utf-8').send(renderAvatarSvg(username, size));
    },
  );
}
