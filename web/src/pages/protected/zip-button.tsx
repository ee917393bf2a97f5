import { useState } from 'react';
import { downloadAll } from '../../api/documents-client';
import { ZIP_FILE_NAME } from '../../constants';
import { saveBlob } from './blob-actions';
import { ZIP_FAILED_MESSAGE } from './file-messages';
import { progressText, type Progress } from './progress-label';
import { useGuardedCall } from './use-guarded-call';

/** Downloads every document as documents.zip and shows how much is left. */
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
      {progress
        ? `ZIP wird geladen... ${progressText(progress)}`
        : 'Alle Dokumente herunterladen (ZIP)'}
    </button>
  );
}
