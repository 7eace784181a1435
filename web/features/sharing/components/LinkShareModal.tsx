import { useState } from 'react';
import { Button, buttonClassName } from '../../../ui/Button.tsx';
import { formStyles } from '../../../ui/Form.tsx';
import { Modal } from '../../../ui/Modal.tsx';
import { copyText } from '../clipboard.ts';
import styles from './LinkShareModal.module.css';

export default function LinkShareModal({
  url,
  title,
  text,
  onClose,
}: {
  url: string;
  title: string;
  text: string;
  onClose: () => void;
}) {
  const [isCopied, setIsCopied] = useState(false);
  const encodedUrl = encodeURIComponent(url);
  const encodedText = encodeURIComponent(text || title);
  const targets = [
    { name: 'X', href: `https://x.com/intent/post?url=${encodedUrl}&text=${encodedText}` },
    { name: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${encodedUrl}` },
    {
      name: 'Reddit',
      href: `https://www.reddit.com/submit?url=${encodedUrl}&title=${encodedText}`,
    },
    {
      name: 'E-mail',
      href: `mailto:?subject=${encodeURIComponent(title)}&body=${encodeURIComponent(`${text}\n\n${url}`)}`,
    },
  ];

  async function handleCopy() {
    setIsCopied(await copyText(url));
  }

  return (
    <Modal title="Share" onClose={onClose} size="small">
      <div className={styles.content}>
        <div className={styles.preview}>
          <p className={styles.previewTitle}>{title}</p>
          {text ? <p className={styles.previewText}>{text}</p> : null}
        </div>
        <div className={styles.copyRow}>
          <input
            className={formStyles.input}
            value={url}
            readOnly
            aria-label="Link to share"
            onFocus={(event) => event.currentTarget.select()}
          />
          <Button variant="primary" onClick={handleCopy}>
            {isCopied ? 'Copied' : 'Copy link'}
          </Button>
        </div>
        <span className="visually-hidden" role="status">
          {isCopied ? 'Link copied to the clipboard' : ''}
        </span>
        <div className={styles.targets}>
          {targets.map((target) => (
            <a
              key={target.name}
              className={buttonClassName({ size: 'small' })}
              href={target.href}
              target="_blank"
              rel="noopener noreferrer"
            >
              {target.name}
            </a>
          ))}
        </div>
      </div>
    </Modal>
  );
}
