import { useSiteTexts } from '../../i18n/use-site-texts';
import { useHomeScrollState } from '../../hooks/use-home-scroll-state';
import { EnglishSuggestion } from '../../i18n/english-suggestion';
import { AboutSection } from '../../sections/about/about-section';
import { ContactSection } from '../../sections/contact/contact-section';
import { DocumentsSection } from '../../sections/documents/documents-section';
import { EducationSection } from '../../sections/education/education-section';
import { HomeSection } from '../../sections/home/home-section';
import { ProjectsSection } from '../../sections/projects/projects-section';

export function HomePage() {
  useHomeScrollState();
  const { meta } = useSiteTexts();
  return (
    <>
      <title>{meta.homeTitle}</title>
      <meta name="description" content={meta.homeDescription} />
      <EnglishSuggestion />
      <HomeSection />
      <AboutSection />
      <EducationSection />
      <ProjectsSection />
      <DocumentsSection />
      <ContactSection />
    </>
  );
}
