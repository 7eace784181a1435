/*
 * Types only: what the web client needs to type a call it knows by its endpoint. The browser
 * imports a call's endpoint (method and path) from the feature's zod-free `<feature>.base.ts`;
 * its payload and response types come from the call's schemas in `<feature>.ts`, found by that
 * endpoint (docs/decisions/044-a-lighter-client.md). Nothing here reaches the browser's bundle.
 */
import type { z } from 'zod';
import type * as accounts from './accounts.ts';
import type * as analytics from './analytics.ts';
import type { ApiCall } from './api.ts';
import type * as comments from './comments.ts';
import type * as cookies from './cookies.ts';
import type * as demographics from './demographics.ts';
import type * as encyclopedia from './encyclopedia.ts';
import type * as insights from './insights.ts';
import type * as minds from './minds.ts';
import type * as notifications from './notifications.ts';
import type * as opinions from './opinions.ts';
import type * as payments from './payments.ts';
import type * as people from './people.ts';
import type * as questions from './questions.ts';
import type * as reports from './reports.ts';
import type * as search from './search.ts';
import type * as user from './user.ts';
import type * as usertags from './usertags.ts';

/** Where a call is sent: all the browser needs of it at run time. */
export type Endpoint = { readonly method: 'GET' | 'POST'; readonly path: string };

type CallsOf<Module> = Extract<Module[keyof Module], ApiCall>;

/** Every call of the contract: a new `contract/<feature>.ts` with calls is added here. */
type ContractCall =
  | CallsOf<typeof accounts>
  | CallsOf<typeof analytics>
  | CallsOf<typeof comments>
  | CallsOf<typeof cookies>
  | CallsOf<typeof demographics>
  | CallsOf<typeof encyclopedia>
  | CallsOf<typeof insights>
  | CallsOf<typeof minds>
  | CallsOf<typeof notifications>
  | CallsOf<typeof opinions>
  | CallsOf<typeof payments>
  | CallsOf<typeof people>
  | CallsOf<typeof questions>
  | CallsOf<typeof reports>
  | CallsOf<typeof search>
  | CallsOf<typeof user>
  | CallsOf<typeof usertags>;

/** The contract entry, with its schemas, of a call or of its endpoint. */
export type CallAt<At extends Endpoint> = At extends ApiCall
  ? At
  : Extract<ContractCall, { method: At['method']; path: At['path'] }>;

export type PayloadOf<At extends Endpoint> = z.input<CallAt<At>['payload']>;
export type ResponseOf<At extends Endpoint> = z.output<CallAt<At>['response']>;
