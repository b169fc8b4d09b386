import { Fragment } from 'react';

const URL_PATTERN = /(https?:\/\/[^\s<>"]+[^\s<>".,;:!?)])/g;

/** A mail's plain-text body as sent, its web addresses made links (an invitation's link opens from here). */
export function MailBody({ text }: { text: string }) {
  const parts = text.split(URL_PATTERN);
  return (
    <pre className="outbox-mail-body" data-testid="mail-body">
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          <a key={i} href={part} rel="noreferrer">
            {part}
          </a>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </pre>
  );
}
