import { profile } from '../../content/profile';
import { SectionLink } from '../../layout/section-link';
import './home-section.css';

export function HomeSection() {
  return (
    <section id="home" className="hero" aria-labelledby="home-title">
      <div className="container hero__inner">
        <div className="hero__text">
          <p className="hero__greeting">{profile.greeting}</p>
          <h1 id="home-title" className="hero__name">
            {profile.name}
          </h1>
          <p className="hero__role">{profile.role}</p>
          <p className="hero__lead">{profile.lead}</p>
          <div className="hero__actions">
            <SectionLink className="button button--primary" section="contact">
              Kontakt aufnehmen
            </SectionLink>
            <SectionLink className="button" section="projects">
              Projekte ansehen
            </SectionLink>
          </div>
        </div>

        <figure className="hero__portrait">
          <img
            src={profile.portrait.src}
            width={profile.portrait.width}
            height={profile.portrait.height}
            alt={`Porträt von ${profile.name} (Platzhalter)`}
            // Decoded with the first frame, not after it: the portrait is the page's largest paint.
            fetchPriority="high"
          />
        </figure>

        <div className="hero__profile">
          <dl className="facts">
            {profile.facts.map((fact) => (
              <div key={fact.label} className="facts__item">
                <dt>{fact.label}</dt>
                <dd>{fact.value}</dd>
              </div>
            ))}
            <div className="facts__item facts__item--wide">
              <dt>Skills</dt>
              <dd>
                <ul className="chips" aria-label="Skills">
                  {profile.skills.map((skill) => (
                    <li key={skill} className="chip">
                      {skill}
                    </li>
                  ))}
                </ul>
              </dd>
            </div>
          </dl>
          <blockquote className="hero__quote">
            <p>«{profile.quote.text}»</p>
            <p className="hero__quote-source">{profile.quote.source}</p>
          </blockquote>
        </div>
      </div>
    </section>
  );
}
