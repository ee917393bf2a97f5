import { useEffect, useRef, useState, type FormEvent } from 'react';
import { sendMail } from '../../api/api-client';
import { MESSAGE_MAX_LENGTH } from '@portfolio/api/contact-limits';
import { CONTACT_STATUS_RESET_MS } from '../../constants';
import { useLanguage } from '../../i18n/use-language';
import { isValidContact, type ContactFields } from './validate-contact';

export type ContactStatus = 'default' | 'success' | 'error';

const empty: ContactFields = { name: '', email: '', message: '', referrer: '' };

/**
 * Contact form states (docs/product.md#contact-form): a result (success or error) shows for
 * 3 seconds, any edit returns to default at once.
 */
export function useContactForm() {
  const [fields, setFields] = useState<ContactFields>(empty);
  const [status, setStatus] = useState<ContactStatus>('default');
  const [sending, setSending] = useState(false);
  const resetTimer = useRef<number | undefined>(undefined);
  const language = useLanguage();

  useEffect(() => () => window.clearTimeout(resetTimer.current), []);

  function showResult(result: Exclude<ContactStatus, 'default'>) {
    window.clearTimeout(resetTimer.current);
    setStatus(result);
    resetTimer.current = window.setTimeout(() => setStatus('default'), CONTACT_STATUS_RESET_MS);
  }

  function update(field: keyof ContactFields, value: string) {
    const capped = field === 'message' ? value.slice(0, MESSAGE_MAX_LENGTH) : value;
    setFields((current) => ({ ...current, [field]: capped }));
    window.clearTimeout(resetTimer.current);
    setStatus('default');
  }

  async function send() {
    setSending(true);
    try {
      await sendMail({
        name: fields.name.trim(),
        email: fields.email.trim(),
        message: fields.message,
        language,
      });
      setFields(empty);
      showResult('success');
    } catch (error) {
      console.error('Die Kontaktanfrage konnte nicht gesendet werden.', error);
      showResult('error');
    } finally {
      setSending(false);
    }
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    if (!isValidContact(fields)) {
      showResult('error');
      return;
    }
    void send();
  }

  return { fields, status, sending, update, submit };
}
