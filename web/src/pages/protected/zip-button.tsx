import { useState } from 'react';
import { downloadAll } from '../../api/documents-client';
import { ZIP_FILE_NAME } from '../../constants';
import { saveBlob } from './blob-actions';
import { useProtectedTexts } from '../../i18n/use-protected-texts';
import { progressText, type Progress } from './progress-label';
import { isBusy, useGuardedCall } from './use-guarded-call';

/** Downloads every document as documents.zip and shows how much is left. */
export function ZipButton() {
  const guarded = useGuardedCall();
  const [progress, setProgress] = useState<Progress | null>(null);
  const texts = useProtectedTexts();

  const download = async () => {
    setProgress({ received: 0, total: null });
    await guarded(
      async (token) => {
        const blob = await downloadAll(token, (received, total) =>
          setProgress({ received, total }),
        );
        saveBlob(blob, ZIP_FILE_NAME);
      },
      (error) => window.alert(isBusy(error) ? texts.busy : texts.zipFailed),
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
      {progress ? `${texts.zipLoading} ${progressText(progress, texts)}` : texts.zip}
    </button>
  );
}
