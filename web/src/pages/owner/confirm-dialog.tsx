import { Dialog } from '../../layout/dialog';
import { OWNER_TEXTS as T } from './owner-texts';

interface ConfirmDialogProps {
  title: string;
  question: string;
  confirm: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks once more before something that cannot be undone. */
export function ConfirmDialog({
  title,
  question,
  confirm,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Dialog title={title} onClose={onCancel}>
      <p>{question}</p>
      <div className="owner__actions">
        <button type="button" className="button button--danger" onClick={onConfirm}>
          {confirm}
        </button>
        <button type="button" className="button" onClick={onCancel}>
          {T.cancel}
        </button>
      </div>
    </Dialog>
  );
}
