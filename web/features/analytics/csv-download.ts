import { ApiError, networkErrorStatus } from '../../api/client.ts';

/** What a download has received so far: bytes, and rows after the header line. */
export type DownloadProgress = { bytes: number; rows: number };

/**
 * Counts the records of a CSV stream as it arrives: a line break ends a record unless it lies
 * inside a quoted field (a doubled quote inside one toggles twice, so the count stays right
 * across chunk boundaries too).
 */
export function createRecordCounter() {
  let inQuotes = false;
  let records = 0;
  let pendingText = false;
  return {
    push(text: string) {
      for (let index = 0; index < text.length; index += 1) {
        const character = text.charCodeAt(index);
        if (character === 34) inQuotes = !inQuotes;
        else if (character === 10 && !inQuotes) {
          records += 1;
          pendingText = false;
          continue;
        }
        if (character !== 13 && character !== 10) pendingText = true;
      }
    },
    /** Complete records so far, plus a last one without its line break once `finished`. */
    count(finished = false): number {
      return records + (finished && pendingText ? 1 : 0);
    },
  };
}

/** The file name of a `Content-Disposition: attachment; filename=…` header, or the fallback. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition ?? '');
  if (!match?.[1]) return fallback;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return match[1];
  }
}

/**
 * POSTs `{body: payload}` to a CSV export and reads the streamed answer chunk by chunk, telling
 * `onProgress` the bytes and rows received; resolves with the whole file. A refusal raises the
 * ApiError with the server's message (409: too few members).
 */
export async function fetchCsv(
  url: string,
  init: { method: 'GET' | 'POST'; payload?: unknown; signal?: AbortSignal },
  onProgress: (progress: DownloadProgress) => void,
  fallbackName: string,
): Promise<{ blob: Blob; fileName: string; progress: DownloadProgress }> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: init.method,
      credentials: 'same-origin',
      headers:
        init.method === 'POST'
          ? { Accept: 'text/csv, application/json', 'Content-Type': 'application/json' }
          : { Accept: 'text/csv, application/json' },
      body: init.method === 'POST' ? JSON.stringify({ body: init.payload ?? {} }) : undefined,
      signal: init.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(networkErrorStatus, 'Could not reach Stance. Check your connection.');
  }
  if (!response.ok) {
    let message = response.statusText || `Download failed (${response.status})`;
    try {
      const answer = (await response.json()) as { error?: unknown };
      if (typeof answer.error === 'string' && answer.error) message = answer.error;
    } catch {
      // not JSON: the status text stays
    }
    throw new ApiError(response.status, message);
  }
  const fileName = fileNameOf(response.headers.get('content-disposition'), fallbackName);
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  const counter = createRecordCounter();
  const decoder = new TextDecoder();
  let bytes = 0;
  const rowsOf = (finished: boolean) => Math.max(0, counter.count(finished) - 1);
  if (response.body) {
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      bytes += value.byteLength;
      counter.push(decoder.decode(value, { stream: true }));
      onProgress({ bytes, rows: rowsOf(false) });
    }
    counter.push(decoder.decode());
  }
  const progress = { bytes, rows: rowsOf(true) };
  onProgress(progress);
  return { blob: new Blob(chunks, { type: 'text/csv' }), fileName, progress };
}

/** Hands a file to the browser's downloads, as a link with `download` would. */
export function saveFile(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the URL can go once the browser has read it.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/** '1.2 MB', '340 KB', '12 bytes'. */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(bytes < 10_000 ? 1 : 0)} KB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}
