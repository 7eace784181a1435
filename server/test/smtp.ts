import { SMTPServer } from 'smtp-server';

export type ReceivedMail = {
  from: string;
  to: string[];
  /** The raw RFC 5322 message as received. */
  raw: string;
};

/**
 * A real SMTP server on a free loopback port that keeps what it receives. It requires the
 * credentials `stance:secret` (so a test proves SMTP_URL's user and password are used) and can be
 * told to refuse mail, to prove that delivery failures are retried.
 */
export async function startSmtpServer() {
  const received: ReceivedMail[] = [];
  let isRefusing = false;
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authOptional: false,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === 'stance' && auth.password === 'secret') {
        callback(null, { user: auth.username });
      } else {
        callback(new Error('Invalid username or password'));
      }
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (isRefusing) {
          const error = new Error('Mailbox unavailable') as Error & { responseCode: number };
          error.responseCode = 451;
          callback(error);
          return;
        }
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return {
    url: `smtp://stance:secret@127.0.0.1:${address.port}`,
    received,
    setRefusing(value: boolean) {
      isRefusing = value;
    },
    /** The received mails to one address, oldest first. */
    mailsTo(address: string) {
      return received.filter((mail) => mail.to.includes(address));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The decoded text of the message's part with this content type (quoted-printable or base64). */
export function readMimePart(raw: string, contentType: 'text/plain' | 'text/html'): string {
  const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/);
  const part = parts.find((item) => new RegExp(`^Content-Type: ${contentType}`, 'im').test(item));
  if (!part) throw new Error(`No ${contentType} part in:\n${raw}`);
  const separator = part.search(/\r?\n\r?\n/);
  const head = part.slice(0, separator);
  const body = part
    .slice(separator)
    .replace(/^\r?\n\r?\n/, '')
    .replace(/\r?\n--[^\r\n]*--\s*$/, '');
  if (/Content-Transfer-Encoding: base64/i.test(head)) {
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  }
  if (/Content-Transfer-Encoding: quoted-printable/i.test(head)) {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}
