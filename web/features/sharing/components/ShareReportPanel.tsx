import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { ReportName } from '../../../../contract/reports.ts';
import { statusOf } from '../../../api/client.ts';
import { Button } from '../../../ui/Button.tsx';
import { ErrorBox, formStyles } from '../../../ui/Form.tsx';
import { reportSummaries } from '../../reports/report-names.ts';
import { absoluteUrl, copyText } from '../clipboard.ts';
import { useMyShares, useShareReport, useUnshareReport, type Share } from '../shares-api.ts';
import styles from './ShareReportPanel.module.css';
import { lazily } from '../../../ui/lazily.ts';

export const stopSharingConfirmText =
  'Stop sharing this link? Anyone who opens it will see that you removed this result.';

const createdFormat = lazily(
  () => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }),
);

const messageOf = (error: unknown) =>
  error instanceof Error ? error.message : 'Something went wrong. Please try again.';

/**
 * Share on a detailed report (docs/decisions/041): before a link is made, what will be public
 * and whether the username is shown (off by default); after, the link to copy, and every live
 * link of this report with a way to stop sharing it.
 */
export function ShareReportPanel({ name }: { name: ReportName }) {
  const headingId = useId();
  const formId = useId();
  const noteId = useId();
  const title = reportSummaries[name].title;
  const shares = useMyShares();
  const create = useShareReport();
  const unshare = useUnshareReport();
  const [isFormOpen, setIsFormOpen] = useState(false);
  const [showName, setShowName] = useState(false);
  const [created, setCreated] = useState<Share | null>(null);
  const [error, setError] = useState('');
  const [announcement, setAnnouncement] = useState('');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const checkboxRef = useRef<HTMLInputElement>(null);
  const linkRef = useRef<HTMLInputElement>(null);
  const openerId = useId();

  useEffect(() => {
    if (isFormOpen) checkboxRef.current?.focus();
  }, [isFormOpen]);
  useEffect(() => {
    if (created) linkRef.current?.focus();
  }, [created]);

  const isLoggedOut = shares.isError && statusOf(shares.error) === 401;
  const live = (shares.data ?? []).filter((share) => share.Name === name);

  function openForm() {
    setError('');
    setAnnouncement('');
    setShowName(false);
    setIsFormOpen(true);
  }

  function closeForm() {
    setIsFormOpen(false);
    setError('');
    // The form held the focus: give it back to the button that opened it, once it is back.
    requestAnimationFrame(() => document.getElementById(openerId)?.focus());
  }

  async function handleCreate(event: FormEvent) {
    event.preventDefault();
    setError('');
    try {
      const answer = await create.mutateAsync({ name, showName });
      setCreated(answer.Share);
      setIsFormOpen(false);
      setAnnouncement('Your public link is ready');
    } catch (failure) {
      setError(messageOf(failure));
    }
  }

  async function handleCopy(share: Share) {
    if (await copyText(absoluteUrl(share.Url))) setAnnouncement('Link copied to the clipboard');
  }

  async function handleStop(share: Share) {
    if (!window.confirm(stopSharingConfirmText)) return;
    setError('');
    try {
      await unshare.mutateAsync(share.Token);
      if (created?.Token === share.Token) setCreated(null);
      setAnnouncement('The link no longer shows your result');
      headingRef.current?.focus();
    } catch (failure) {
      setError(messageOf(failure));
    }
  }

  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <div className={styles.header}>
        <h2 id={headingId} ref={headingRef} tabIndex={-1} className={styles.title}>
          Share your {title} result
        </h2>
        {!isFormOpen && !isLoggedOut ? (
          <Button
            id={openerId}
            variant={created ? 'secondary' : 'primary'}
            onClick={openForm}
            aria-expanded={false}
            aria-controls={formId}
          >
            {created ? 'Make another link' : 'Share this result'}
          </Button>
        ) : null}
      </div>
      {isLoggedOut ? (
        <p className={styles.muted}>Log in to share your results.</p>
      ) : (
        <p className={styles.muted}>
          A public page and a picture for link previews, made only when you ask. You can stop
          sharing at any time.
        </p>
      )}

      {isFormOpen ? (
        <form id={formId} className={styles.form} onSubmit={handleCreate} aria-label="Share">
          <label className={styles.option}>
            <input
              ref={checkboxRef}
              type="checkbox"
              checked={showName}
              onChange={(event) => {
                setShowName(event.target.checked);
                setError('');
              }}
              aria-describedby={noteId}
            />
            <span>Show my username</span>
          </label>
          <p id={noteId} className={styles.public}>
            <strong>What will be public:</strong> your {title} scores as they are now, with their 90
            % intervals
            {showName ? ', and your username.' : '. No name: the page says “A Stance member”.'}{' '}
            Answers you change later do not change the link.
          </p>
          <ErrorBox>{error}</ErrorBox>
          <div className={styles.actions}>
            <Button type="submit" variant="primary" disabled={create.isPending}>
              {create.isPending ? 'Creating link...' : 'Create public link'}
            </Button>
            <Button onClick={closeForm}>Cancel</Button>
          </div>
        </form>
      ) : (
        <ErrorBox>{error}</ErrorBox>
      )}

      {created ? (
        <div className={styles.created}>
          <p>
            <strong>Your link is ready.</strong> Anyone who has it can see this result.
          </p>
          <div className={styles.copyRow}>
            <input
              ref={linkRef}
              className={formStyles.input}
              value={absoluteUrl(created.Url)}
              readOnly
              aria-label="Your public link"
              onFocus={(event) => event.currentTarget.select()}
            />
            <Button variant="primary" onClick={() => void handleCopy(created)}>
              Copy
            </Button>
          </div>
        </div>
      ) : null}

      {shares.isError && !isLoggedOut ? (
        <ErrorBox>Your links could not be loaded: {messageOf(shares.error)}</ErrorBox>
      ) : null}

      {live.length > 0 ? (
        <div className={styles.live}>
          <h3 className={styles.liveTitle}>Live links to this result ({live.length})</h3>
          <ul className={styles.list}>
            {live.map((share) => (
              <li key={share.Token} className={styles.item}>
                <div className={styles.itemText}>
                  <a href={share.Url} target="_blank" rel="noopener noreferrer">
                    {absoluteUrl(share.Url)}
                  </a>
                  <span className={styles.muted}>
                    {createdFormat().format(new Date(share.Created))} ·{' '}
                    {share.ShowName ? 'shows your username' : 'no name shown'}
                  </span>
                </div>
                <div className={styles.itemActions}>
                  <Button
                    size="small"
                    onClick={() => void handleCopy(share)}
                    aria-label={`Copy the link made ${createdFormat().format(new Date(share.Created))}`}
                  >
                    Copy
                  </Button>
                  <Button
                    size="small"
                    variant="danger"
                    disabled={unshare.isPending && unshare.variables === share.Token}
                    onClick={() => void handleStop(share)}
                    aria-label={`Stop sharing the link made ${createdFormat().format(new Date(share.Created))}`}
                  >
                    Stop sharing
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      <span className="visually-hidden" role="status">
        {announcement}
      </span>
    </section>
  );
}
