import { emailHref, owner, phoneHref } from '../content/owner';
import { useLegalTexts } from '../i18n/use-legal-texts';
import { useSiteTexts } from '../i18n/use-site-texts';

interface LegalBlock {
  heading: string;
  paragraphs?: readonly string[];
  items?: readonly string[];
  /** Paragraphs after the list. */
  closing?: readonly string[];
}

function Blocks({ blocks }: { blocks: Record<string, LegalBlock> }) {
  return Object.values(blocks).map((block) => (
    <section key={block.heading} className="legal__block">
      <h3>{block.heading}</h3>
      {block.paragraphs?.map((text) => (
        <p key={text}>{text}</p>
      ))}
      {block.items && (
        <ul>
          {block.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
      {block.closing?.map((text) => (
        <p key={text}>{text}</p>
      ))}
    </section>
  ));
}

function ImpressumText() {
  const texts = useLegalTexts();
  const { country } = useSiteTexts();
  return (
    <div className="legal">
      <section className="legal__block">
        <h3>{texts.contactAddress}</h3>
        <address>
          {owner.name}
          <br />
          {owner.street}
          <br />
          {owner.postcode} {owner.city}
          <br />
          {country}
          <br />
          {texts.phone}: <a href={phoneHref}>{owner.phone}</a>
          <br />
          {texts.email}: <a href={emailHref}>{owner.email}</a>
        </address>
      </section>
      <Blocks blocks={texts.impressum} />
    </div>
  );
}

function PrivacyText() {
  return (
    <div className="legal">
      <Blocks blocks={useLegalTexts().privacy} />
    </div>
  );
}

/** Loaded on first opening: the legal texts are not needed for the first paint. */
export default function LegalText({ which }: { which: 'impressum' | 'privacy' }) {
  return which === 'impressum' ? <ImpressumText /> : <PrivacyText />;
}
