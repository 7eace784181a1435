import { useEffect, useRef, useState } from 'react';
import { statusOf } from '../../../api/client.ts';
import { Button } from '../../../ui/Button.tsx';
import { formatCount } from '../../../ui/format.ts';
import { fetchCsv, formatBytes, saveFile, type DownloadProgress } from '../csv-download.ts';
import styles from './CsvDownload.module.css';

type DownloadState =
  | { kind: 'idle' }
  | { kind: 'loading'; progress: DownloadProgress }
  | { kind: 'done'; fileName: string; progress: DownloadProgress }
  | { kind: 'failed'; message: string; isTooFew: boolean };

/**
 * Downloads a streamed CSV export: the bytes and rows received while it arrives (read from the
 * response body as it streams), then the file saved; a refusal in the server's words, and 409
 * (too few members to export) said as such.
 */
export function CsvDownload({
  label,
  url,
  method,
  payload,
  fallbackName,
  variant = 'primary',
}: {
  label: string;
  variant?: 'primary' | 'secondary';
  url: string;
  method: 'GET' | 'POST';
  payload?: unknown;
  fallbackName: string;
}) {
  const [state, setState] = useState<DownloadState>({ kind: 'idle' });
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  async function download() {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setState({ kind: 'loading', progress: { bytes: 0, rows: 0 } });
    try {
      const result = await fetchCsv(
        url,
        { method, payload, signal: current.signal },
        (progress) => setState({ kind: 'loading', progress }),
        fallbackName,
      );
      saveFile(result.blob, result.fileName);
      setState({ kind: 'done', fileName: result.fileName, progress: result.progress });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      setState({
        kind: 'failed',
        message: error instanceof Error ? error.message : 'The download failed',
        isTooFew: statusOf(error) === 409,
      });
    }
  }

  return (
    <div className={styles.download}>
      <Button variant={variant} onClick={() => void download()} disabled={state.kind === 'loading'}>
        {state.kind === 'loading' ? 'Downloading…' : label}
      </Button>
      <div aria-live="polite" className={styles.state}>
        {state.kind === 'loading' ? (
          <p data-testid="download-progress">
            Received {formatBytes(state.progress.bytes)} · {formatCount(state.progress.rows)}{' '}
            {state.progress.rows === 1 ? 'row' : 'rows'}
          </p>
        ) : state.kind === 'done' ? (
          <p data-testid="download-done">
            Saved {state.fileName}: {formatCount(state.progress.rows)}{' '}
            {state.progress.rows === 1 ? 'row' : 'rows'}, {formatBytes(state.progress.bytes)}.
          </p>
        ) : null}
      </div>
      {state.kind === 'failed' ? (
        <p className={styles.error} role="alert">
          {state.isTooFew ? <strong>Too few members to export. </strong> : null}
          {state.message}
        </p>
      ) : null}
    </div>
  );
}
