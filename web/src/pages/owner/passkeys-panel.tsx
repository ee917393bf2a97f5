import { useCallback, useEffect, useId, useState } from 'react';
import type { PasskeyView, SetupLinkView } from '@portfolio/api/contract';
import type { OwnerApi } from '../../api/owner-client';
import { ConfirmDialog } from './confirm-dialog';
import { messageOf } from './passkey-sign-in';
import { QrCode } from './qr-code';
import { OWNER_TEXTS as T, localTime } from './owner-texts';

/**
 * The owner's passkeys: add another device by a fresh setup link's QR code, remove one.
 * Either change asks this device's passkey once more (owner-client.ts), so the page left
 * open on an unlocked phone is not enough to hand the sign-in to someone else.
 */
export function PasskeysPanel({ api }: { api: OwnerApi }) {
  const titleId = useId();
  const [passkeys, setPasskeys] = useState<PasskeyView[]>();
  const [setupLink, setSetupLink] = useState<SetupLinkView>();
  const [removing, setRemoving] = useState<PasskeyView>();
  const [error, setError] = useState<string>();
  const [confirming, setConfirming] = useState(false);

  const fail = (caught: unknown) => setError(messageOf(caught));
  const reload = useCallback(() => api.passkeys().then(setPasskeys, fail), [api]);
  useEffect(() => {
    void reload();
  }, [reload]);

  const confirmed = async (change: () => Promise<void>) => {
    setConfirming(true);
    setError(undefined);
    await change().catch(fail);
    setConfirming(false);
  };
  const remove = (passkey: PasskeyView) => {
    setRemoving(undefined);
    return confirmed(() => api.removePasskey(passkey.id).then(reload));
  };
  const addDevice = () => confirmed(() => api.setupLink().then(setSetupLink));

  return (
    <section className="owner__section" aria-labelledby={titleId}>
      <h2 id={titleId}>{T.passkeys}</h2>
      {error && (
        <p className="owner__error" role="alert">
          {error}
        </p>
      )}
      {!passkeys && <p role="status">{T.loading}</p>}
      <ul className="passkeys">
        {passkeys?.map((passkey) => (
          <li key={passkey.id} className="passkeys__item">
            <span>
              {passkey.label}
              {passkey.lastUsedAt && (
                <span className="owner__muted">
                  {' '}
                  ({T.lastUsed} {localTime(passkey.lastUsedAt)})
                </span>
              )}
            </span>
            <button
              type="button"
              className="button button--ghost"
              aria-label={`${passkey.label} ${T.remove}`}
              onClick={() => setRemoving(passkey)}
            >
              {T.remove}
            </button>
          </li>
        ))}
      </ul>
      <button type="button" className="button" disabled={confirming} onClick={addDevice}>
        {T.addDevice}
      </button>
      {confirming && <p role="status">{T.busy}</p>}
      {setupLink && (
        <div className="setup-link">
          <p>{T.addDeviceLead(localTime(setupLink.expiresAt))}</p>
          <QrCode className="access-created__qr" text={setupLink.url} label={T.setupQrLabel} />
          <p className="setup-link__url">{setupLink.url}</p>
        </div>
      )}
      {removing && (
        <ConfirmDialog
          title={T.passkeys}
          question={T.removeQuestion(removing.label)}
          confirm={T.remove}
          onConfirm={() => remove(removing)}
          onCancel={() => setRemoving(undefined)}
        />
      )}
    </section>
  );
}
