import { MESSAGE_MAX_LENGTH } from '@portfolio/api/contact-limits';
import { useSiteTexts } from '../../i18n/use-site-texts';
import { useContactForm } from './use-contact-form';

export function ContactForm() {
  const { fields, status, sending, update, submit } = useContactForm();
  const { contact: texts } = useSiteTexts();

  return (
    <form className="contact-form card" aria-label={texts.form} onSubmit={submit}>
      <div className="field-group">
        <label htmlFor="contact-name">{texts.name}</label>
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
        <label htmlFor="contact-email">{texts.email}</label>
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
        <label htmlFor="contact-message">{texts.message}</label>
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
          {texts.counter(fields.message.length, MESSAGE_MAX_LENGTH)}
        </p>
      </div>
      <div className="contact-form__trap" aria-hidden="true">
        <label htmlFor="contact-referrer">{texts.honeypot}</label>
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
        {sending ? texts.sending : texts.status[status]}
      </button>
      <p className="visually-hidden" role="status">
        {status === 'default' ? '' : texts.status[status]}
      </p>
    </form>
  );
}
