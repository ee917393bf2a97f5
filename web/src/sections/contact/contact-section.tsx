import { emailHref, owner, phoneHref } from '../../content/owner';
import { useSiteTexts } from '../../i18n/use-site-texts';
import { Section } from '../section';
import { ContactForm } from './contact-form';
import './contact-section.css';

export function ContactSection() {
  const { nav, contact, country } = useSiteTexts();
  return (
    <Section id="contact" title={nav.contact} eyebrow={contact.eyebrow}>
      <div className="contact">
        <div className="contact__info">
          <p>{contact.intro}</p>
          <ul className="contact__list">
            <li>
              <span className="contact__label">{contact.email}</span>
              <a href={emailHref}>{owner.email}</a>
            </li>
            <li>
              <span className="contact__label">{contact.phone}</span>
              <a href={phoneHref}>{owner.phone}</a>
            </li>
            <li>
              <span className="contact__label">{contact.place}</span>
              {owner.city}, {country}
            </li>
          </ul>
        </div>
        <ContactForm />
      </div>
    </Section>
  );
}
