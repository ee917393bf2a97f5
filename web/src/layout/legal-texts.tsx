import { emailHref, owner, phoneHref } from '../content/owner';
import { impressumBlocks, privacyBlocks, type LegalBlock } from '../content/legal';

function Blocks({ blocks }: { blocks: LegalBlock[] }) {
  return blocks.map((block) => (
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
  return (
    <div className="legal">
      <section className="legal__block">
        <h3>Kontaktadresse</h3>
        <address>
          {owner.name}
          <br />
          {owner.street}
          <br />
          {owner.postcode} {owner.city}
          <br />
          {owner.country}
          <br />
          Telefon: <a href={phoneHref}>{owner.phone}</a>
          <br />
          E-Mail: <a href={emailHref}>{owner.email}</a>
        </address>
      </section>
      <Blocks blocks={impressumBlocks} />
    </div>
  );
}

function PrivacyText() {
  return (
    <div className="legal">
      <Blocks blocks={privacyBlocks} />
    </div>
  );
}

/** Loaded on first opening: the legal texts are not needed for the first paint. */
export default function LegalText({ which }: { which: 'impressum' | 'privacy' }) {
  return which === 'impressum' ? <ImpressumText /> : <PrivacyText />;
}
