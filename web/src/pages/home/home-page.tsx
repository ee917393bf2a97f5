import type { ComponentType } from 'react';
import { SECTION_IDS, type SectionId } from '../../constants';
import { useSiteTexts } from '../../i18n/use-site-texts';
import { useHomeScrollState } from '../../hooks/use-home-scroll-state';
import { DeferredPart } from '../../hydration/deferred-part';
import { EnglishSuggestion } from './english-suggestion';
import { AboutSection } from '../../sections/about/about-section';
import { ContactSection } from '../../sections/contact/contact-section';
import { DocumentsSection } from '../../sections/documents/documents-section';
import { EducationSection } from '../../sections/education/education-section';
import { HomeSection } from '../../sections/home/home-section';
import { ProjectsSection } from '../../sections/projects/projects-section';

const SECTIONS: Record<SectionId, ComponentType> = {
  home: HomeSection,
  about: AboutSection,
  education: EducationSection,
  projects: ProjectsSection,
  documents: DocumentsSection,
  contact: ContactSection,
};

export function HomePage() {
  useHomeScrollState();
  const { meta } = useSiteTexts();
  return (
    <>
      <title>{meta.homeTitle}</title>
      <meta name="description" content={meta.homeDescription} />
      <EnglishSuggestion />
      {/* Each section hydrates on its own: the page's one long task split into short ones. */}
      {SECTION_IDS.map((id) => (
        <DeferredPart key={id} id={id} component={SECTIONS[id]} />
      ))}
    </>
  );
}
