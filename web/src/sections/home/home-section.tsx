import { owner } from '../../content/owner';
import { profile } from '../../content/profile';
import { useSiteTexts } from '../../i18n/use-site-texts';
import { SectionLink } from '../../layout/section-link';
import './home-section.css';

export function HomeSection() {
  const { home } = useSiteTexts();
  return (
    <section id="home" className="hero" aria-labelledby="home-title">
      <div className="container hero__inner">
        <div className="hero__text">
          <p className="hero__greeting">{home.greeting}</p>
          <h1 id="home-title" className="hero__name">
            {owner.name}
          </h1>
          <p className="hero__role">{home.role}</p>
          <p className="hero__lead">{home.lead}</p>
          <div className="hero__actions">
            <SectionLink className="button button--primary" section="contact">
              {home.contactMe}
            </SectionLink>
            <SectionLink className="button" section="projects">
              {home.seeProjects}
            </SectionLink>
          </div>
        </div>

        <figure className="hero__portrait">
          <img
            src={profile.portrait.src}
            width={profile.portrait.width}
            height={profile.portrait.height}
            alt={home.portraitAlt}
            // Decoded with the first frame, not after it: the portrait is the page's largest paint.
            fetchPriority="high"
          />
        </figure>

        <div className="hero__profile">
          <dl className="facts">
            {home.facts.map((fact) => (
              <div key={fact.label} className="facts__item">
                <dt>{fact.label}</dt>
                <dd>{fact.value}</dd>
              </div>
            ))}
            <div className="facts__item facts__item--wide">
              <dt>{home.skills}</dt>
              <dd>
                <ul className="chips" aria-label={home.skills}>
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
            <p>«{home.quote}»</p>
            <p className="hero__quote-source">{home.quoteSource}</p>
          </blockquote>
        </div>
      </div>
    </section>
  );
}
