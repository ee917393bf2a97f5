import { owner } from '../../content/owner';
import { useHomeScrollState } from '../../hooks/use-home-scroll-state';
import { AboutSection } from '../../sections/about/about-section';
import { ContactSection } from '../../sections/contact/contact-section';
import { DocumentsSection } from '../../sections/documents/documents-section';
import { EducationSection } from '../../sections/education/education-section';
import { HomeSection } from '../../sections/home/home-section';
import { ProjectsSection } from '../../sections/projects/projects-section';

export function HomePage() {
  useHomeScrollState();
  return (
    <>
      <title>{`${owner.name} – Applikationsentwickler in Ausbildung, Bern`}</title>
      <meta
        name="description"
        content={`Portfolio von ${owner.name}, Applikationsentwickler in Ausbildung in Bern: Profil, Skills, Bildungsweg, Projekte und Kontakt.`}
      />
      <HomeSection />
      <AboutSection />
      <EducationSection />
      <ProjectsSection />
      <DocumentsSection />
      <ContactSection />
    </>
  );
}
