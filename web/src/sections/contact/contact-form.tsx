import { MESSAGE_MAX_LENGTH } from '@contract/contact-limits';
import { useContactForm, type ContactStatus } from './use-contact-form';

const BUTTON_LABELS: Record<ContactStatus, string> = {
  default: 'Nachricht senden',
  success: 'Nachricht gesendet',
  error: 'Fehler, bitte prüfen',
};

export function ContactForm() {
  const { fields, status, sending, update, submit } = useContactForm();

  return (
    <form className="contact-form card" aria-label="Kontaktformular" onSubmit={submit}>
      <div className="field-group">
        <label htmlFor="contact-name">Name</label>
        <input
          id="contact-name"
          className="field"
          name="name"
          autoComplete="name"
          required
          value={fields.name}
          onChange={(event) => update('name', event.target.value)}
        />
      </div>
      <div className="field-group">
        <label htmlFor="contact-email">E-Mail</label>
        <input
          id="contact-email"
          className="field"
          name="email"
          type="email"
          autoComplete="email"
          required
          value={fields.email}
          onChange={(event) => update('email', event.target.value)}
        />
      </div>
      <div className="field-group">
        <label htmlFor="contact-message">Nachricht</label>
        <textarea
          id="contact-message"
          className="field"
          name="message"
          rows={6}
          required
          maxLength={MESSAGE_MAX_LENGTH}
          aria-describedby="contact-counter"
          value={fields.message}
          onChange={(event) => update('message', event.target.value)}
        />
        <p id="contact-counter" className="contact-form__counter">
          {fields.message.length} / {MESSAGE_MAX_LENGTH} Zeichen
        </p>
      </div>
      <div className="contact-form__trap" aria-hidden="true">
        <label htmlFor="contact-referrer">Bitte leer lassen</label>
        <input
          id="contact-referrer"
          name="referrer"
          tabIndex={-1}
          autoComplete="off"
          value={fields.referrer}
          onChange={(event) => update('referrer', event.target.value)}
        />
      </div>
      <button
        type="submit"
        className={`button button--primary contact-form__submit contact-form__submit--${status}`}
        data-status={status}
        disabled={sending}
      >
        {sending ? 'Wird gesendet...' : BUTTON_LABELS[status]}
      </button>
      <p className="visually-hidden" role="status">
        {status === 'default' ? '' : BUTTON_LABELS[status]}
      </p>
    </form>
  );
}
