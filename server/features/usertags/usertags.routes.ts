import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  addUserTagMembers,
  createUserTag,
  deleteUserTag,
  editUserTag,
  getUserTagMembers,
  listUserTags,
  removeUserTagMember,
  searchUserTags,
} from '../../../contract/usertags.ts';
import type { AppDeps } from '../../app-deps.ts';
import { registerCall } from '../../http.ts';
import * as userTagsService from './usertags.service.ts';

/** The user-tag calls (docs/decisions/055-user-tags-and-synthetic-population.md): admin hub only. */
export function registerUserTagRoutes(app: FastifyInstance, { db, config }: AppDeps) {
  const actorOf = (request: FastifyRequest) => ({
    viewer: request.user,
    adminEmails: config.adminEmails,
  });

  registerCall(app, searchUserTags, async ({ q }, request) =>
    userTagsService.searchTags(db, actorOf(request), q),
  );
  registerCall(app, listUserTags, async (_input, request) =>
    userTagsService.listTags(db, actorOf(request)),
  );
  registerCall(app, createUserTag, async ({ name }, request) =>
    userTagsService.createTag(db, actorOf(request), name),
  );
  registerCall(app, editUserTag, async (input, request) =>
    userTagsService.renameTag(db, actorOf(request), input),
  );
  registerCall(app, deleteUserTag, async ({ id }, request) =>
    userTagsService.deleteTag(db, actorOf(request), id),
  );
  registerCall(app, getUserTagMembers, async (input, request) =>
    userTagsService.listMembers(db, actorOf(request), input),
  );
  registerCall(app, addUserTagMembers, async (input, request) =>
    userTagsService.addMembers(db, actorOf(request), input),
  );
  registerCall(app, removeUserTagMember, async (input, request) =>
    userTagsService.removeMember(db, actorOf(request), input),
  );
}
