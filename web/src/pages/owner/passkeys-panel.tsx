import { useCallback, useEffect, useId, useState } from 'react';
import type { OwnerApi, Passkey, SetupLink } from './owner-client';
import { ConfirmDialog } from './confirm-dialog';
import { QrCode } from './qr-code';
import { OWNER_TEXTS as T, localTime } from './owner-texts';

/** The owner's passkeys: add another device by a fresh setup link's QR code, remove one. */
export function PasskeysPanel({ api }: { api: OwnerApi }) {
  const titleId = useId();
  const [passkeys, setPasskeys] = useState<Passkey[]>();
  const [setupLink, setSetupLink] = useState<SetupLink>();
  const [removing, setRemoving] = useState<Passkey>();
  const [error, setError] = useState<string>();

  const fail = (caught: unknown) =>
    setError(caught instanceof Error ? caught.message : String(caught));
  const reload = useCallback(() => api.passkeys().then(setPasskeys, fail), [api]);
  useEffect(() => {
    void reload();
  }, [reload]);

  const remove = async (passkey: Passkey) => {
    setRemoving(undefined);
    await api.removePasskey(passkey.id).then(reload, fail);
  };

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
      <button
        type="button"
        className="button"
        onClick={() => api.setupLink().then(setSetupLink, fail)}
      >
        {T.addDevice}
      </button>
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
