import { useState } from 'react';
import { downloadAll } from '../../api/api-client';
import { ZIP_FILE_NAME } from '../../constants';
import { saveBlob } from './blob-actions';
import { ZIP_FAILED_MESSAGE } from './file-messages';
import { formatMegabytes } from './format-size';
import { useGuardedCall } from './use-guarded-call';

interface Progress {
  received: number;
  total: number | null;
}

function busyLabel({ received, total }: Progress): string {
  const amount =
    total === null
      ? formatMegabytes(received)
      : `${formatMegabytes(received)} von ${formatMegabytes(total)}`;
  return `ZIP wird geladen... ${amount}`;
}

/** Downloads every document as documents.zip and shows how much has arrived so far. */
export function ZipButton() {
  const guarded = useGuardedCall();
  const [progress, setProgress] = useState<Progress | null>(null);

  const download = async () => {
    setProgress({ received: 0, total: null });
    await guarded(
      async (token) => {
        const blob = await downloadAll(token, (received, total) =>
          setProgress({ received, total }),
        );
        saveBlob(blob, ZIP_FILE_NAME);
      },
      () => window.alert(ZIP_FAILED_MESSAGE),
    );
    setProgress(null);
  };

  return (
    <button
      type="button"
      className="button button--primary zip-button"
      disabled={progress !== null}
      aria-busy={progress !== null}
      onClick={() => void download()}
    >
      {progress ? busyLabel(progress) : 'Alle Dokumente herunterladen (ZIP)'}
    </button>
  );
}
