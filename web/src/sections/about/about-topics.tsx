import { useAboutTopicsTexts } from '../../i18n/use-about-topics-texts';

/** The text behind "Mehr über mich": the six topics of the about section. */
export default function AboutTopics() {
  return Object.values(useAboutTopicsTexts()).map((topic) => (
    <article key={topic.heading} className="about-more__topic">
      <h3>{topic.heading}</h3>
      {topic.paragraphs.map((text) => (
        <p key={text}>{text}</p>
      ))}
    </article>
  ));
}
