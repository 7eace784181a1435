import { z } from 'zod';
import { defineCall, emptyResponse } from '../../contract/api.ts';
import { topicSummary } from '../../contract/entities.ts';

/*
 * Calls the web shell already makes whose contract entries belong to later issues (accounts,
 * opinions, comments, payments). Paths and payloads are SPEC.md §7's, bodies DESIGN.md §2's. Each
 * moves to contract/ when its server route lands; until then the server answers 404 JSON and the
 * forms show that message in their error box.
 */

export const logIn = defineCall({
  method: 'POST',
  path: '/api/login',
  payload: z.object({ email: z.string(), password: z.string() }),
  response: emptyResponse,
});

export const requestSignupCode = defineCall({
  method: 'POST',
  path: '/api/signup/requestcode',
  payload: z.object({ email: z.string(), username: z.string(), password: z.string() }),
  response: emptyResponse,
});

export const verifySignupCode = defineCall({
  method: 'POST',
  path: '/api/signup/verifycode',
  payload: z.object({ code: z.string() }),
  response: emptyResponse,
});

export const requestPasswordReset = defineCall({
  method: 'POST',
  path: '/api/passwordreset/request',
  payload: z.object({ email: z.string() }),
  response: emptyResponse,
});

export const setNewPassword = defineCall({
  method: 'POST',
  path: '/api/passwordreset/set',
  payload: z.object({ tokenValue: z.string(), newPassword: z.string() }),
  response: emptyResponse,
});

const opinionForm = {
  title: z.string(),
  /** JSON list of topic ids. */
  topics: z.string(),
};

export const createOpinion = defineCall({
  method: 'POST',
  path: '/api/opinion/new',
  payload: z.object(opinionForm),
  response: z.object({ Slug: z.string(), ArtifactID: z.number().int() }),
});

export const editOpinion = defineCall({
  method: 'POST',
  path: '/api/opinion/edit',
  payload: z.object({ id: z.number().int(), ...opinionForm }),
  response: z.object({ Slug: z.string(), ArtifactID: z.number().int() }),
});

export const reportComment = defineCall({
  method: 'POST',
  path: '/api/v2/comment/report',
  payload: z.object({
    commentID: z.number().int(),
    pathname: z.string(),
    reason: z.string(),
    note: z.string(),
  }),
  response: emptyResponse,
});

export const createCheckoutSession = defineCall({
  method: 'POST',
  path: '/api/create-checkout-session',
  payload: z.object({ product: z.enum(['subscription', 'ebook']) }),
  response: z.object({ sessionId: z.string() }),
});

export const createTopic = defineCall({
  method: 'POST',
  path: '/api/topic/new',
  payload: z.object({ title: z.string() }),
  response: z.object({ NewTopic: topicSummary }),
});
