import { useState } from 'react';
import { Dialog } from '../../layout/dialog';
import type { NewAccess } from '@portfolio/api/contract';
import { QrCode } from './qr-code';
import { OWNER_TEXTS as T, localDate } from './owner-texts';

const canShare = () => typeof navigator.share === 'function';

/** The new link, shown once with its code: copy, share, or show the QR code at a stand. */
export function AccessCreated({ access }: { access: NewAccess }) {
  const [copied, setCopied] = useState(false);
  const [large, setLarge] = useState(false);
  const title = T.accessFor(access.name);

  const copy = async () => {
    await navigator.clipboard.writeText(access.link);
    setCopied(true);
  };
  const share = () =>
    // A share sheet the owner closes rejects; nothing to report.
    navigator.share({ title, text: `${T.code}: ${access.code}`, url: access.link }).catch(() => {});

  return (
    <article className="access-created card" aria-label={title}>
      <h3>{title}</h3>
      <p>{T.validUntil(localDate(access.expiresAt))}</p>
      <QrCode className="access-created__qr" text={access.link} label={T.qrLabel(access.name)} />
      <dl className="access-created__facts">
        <dt>{T.link}</dt>
        <dd>
          <a href={access.link}>{access.link}</a>
        </dd>
        <dt>{T.code}</dt>
        <dd>
          <code>{access.code}</code> <span className="owner__muted">{T.codeOnce}</span>
        </dd>
      </dl>
      <div className="owner__actions">
        <button type="button" className="button" onClick={copy}>
          {T.copy}
        </button>
        {canShare() && (
          <button type="button" className="button" onClick={share}>
            {T.share}
          </button>
        )}
        <button type="button" className="button" onClick={() => setLarge(true)}>
          {T.showLarge}
        </button>
      </div>
      <p role="status">{copied ? T.copied : ''}</p>
      {large && (
        <Dialog title={title} onClose={() => setLarge(false)}>
          <QrCode
            className="access-created__qr--large"
            text={access.link}
            label={T.qrLabel(access.name)}
          />
        </Dialog>
      )}
    </article>
  );
}
