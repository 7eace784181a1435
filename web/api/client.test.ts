import { afterEach, describe, expect, it, vi } from 'vitest';
import { getOpinion, userFeed } from '../../contract/opinions.base.ts';
import { ApiError, callApi, toQueryString } from './client.ts';

function answer(status: number, body: unknown, contentType = 'application/json') {
  return new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    statusText: status === 502 ? 'Bad Gateway' : '',
    headers: { 'content-type': contentType },
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('toQueryString', () => {
  it('leaves out undefined fields', () => {
    expect(toQueryString({ slug: 'a b', after: undefined })).toBe('?slug=a+b');
    expect(toQueryString({})).toBe('');
  });
});

describe('callApi', () => {
  it('sends GET payloads as the query string and returns the body', async () => {
    const fetch = vi.fn(async () => answer(200, { success: true, body: { Results: null } }));
    vi.stubGlobal('fetch', fetch);
    const body = await callApi(getOpinion, { slug: 'x' });
    expect(body).toEqual({ Results: null });
    expect(fetch).toHaveBeenCalledWith(
      '/api/opinion/get?slug=x',
      expect.objectContaining({ method: 'GET', credentials: 'same-origin' }),
    );
  });

  it('sends POST payloads as {"body": payload} JSON', async () => {
    const fetch = vi.fn(async (_url: string, _init: RequestInit) =>
      answer(200, { success: true, body: {} }),
    );
    vi.stubGlobal('fetch', fetch);
    await callApi(userFeed, { after: 'c1' });
    const init = fetch.mock.calls[0]![1];
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"body":{"after":"c1"}}');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it("raises the answer's error field with its status", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(410, { success: false, error: 'gone for good' })),
    );
    const failure = await callApi(getOpinion, { slug: 'x' }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 410, message: 'gone for good' });
  });

  it('falls back to the status text when the answer is not JSON', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(502, '<html>', 'text/html')),
    );
    await expect(callApi(getOpinion, { slug: 'x' })).rejects.toMatchObject({
      status: 502,
      message: 'Bad Gateway',
    });
  });
});
