import { useEffect, useId, useRef, type MouseEvent, type ReactNode } from 'react';
import { useFocusTrap } from '../hooks/use-focus-trap';
import { useSiteTexts } from '../i18n/use-site-texts';
import { CloseButton } from './close-button';
import './dialog.css';

interface DialogProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
}

/** A modal popup: closes by the X, by Escape and by a click on the backdrop (not the content). */
export function Dialog({ title, onClose, children }: DialogProps) {
  const dialogRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const texts = useSiteTexts();
  useFocusTrap(dialogRef, true, onClose);

  useEffect(() => {
    document.body.classList.add('has-dialog');
    return () => document.body.classList.remove('has-dialog');
  }, []);

  const onBackdropClick = (event: MouseEvent<HTMLDivElement>) => {
    if (event.target === event.currentTarget) onClose();
  };

  return (
    <div className="dialog-backdrop" onClick={onBackdropClick}>
      <div
        ref={dialogRef}
        className="dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
      >
        <div className="dialog__head">
          <h2 id={titleId} className="dialog__title">
            {title}
          </h2>
          <CloseButton label={texts.close} onClose={onClose} className="dialog__close" />
        </div>
        {/* Focusable, so keyboard users can scroll a long text without links in it. */}
        <section className="dialog__body" aria-labelledby={titleId} tabIndex={0}>
          {children}
        </section>
      </div>
    </div>
  );
}
