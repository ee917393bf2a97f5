import { emailHref, owner, phoneHref } from '../../content/owner';
import { Section } from '../section';
import { ContactForm } from './contact-form';
import './contact-section.css';

export function ContactSection() {
  return (
    <Section id="contact" title="Kontakt" eyebrow="Schreib mir">
      <div className="contact">
        <div className="contact__info">
          <p>
            Du hast eine Lehrstelle, ein Praktikum oder eine Frage zu meinen Projekten? Ich freue
            mich auf deine Nachricht und antworte in der Regel innert zwei Tagen.
          </p>
          <ul className="contact__list">
            <li>
              <span className="contact__label">E-Mail</span>
              <a href={emailHref}>{owner.email}</a>
            </li>
            <li>
              <span className="contact__label">Telefon</span>
              <a href={phoneHref}>{owner.phone}</a>
            </li>
            <li>
              <span className="contact__label">Ort</span>
              {owner.city}, {owner.country}
            </li>
          </ul>
        </div>
        <ContactForm />
      </div>
    </Section>
  );
}
