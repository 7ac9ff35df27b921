import { PageTitle } from '../components/PageTitle';
import { useContent } from '../features/content/useContent';
import { StatisticsSection } from '../features/statistics/StatisticsSection';
import { RequestFormSection } from '../features/request-form/RequestFormSection';
import { HeroSection } from './home/HeroSection';
import { ServicesSection } from './home/ServicesSection';
import { HowItWorksSection } from './home/HowItWorksSection';
import { ContactSection } from './home/ContactSection';

/** The home page: hero, statistics, services, how it works, the request form and contact. */
export function HomePage() {
  const content = useContent();
  return (
    <>
      <PageTitle />
      <HeroSection content={content} />
      <StatisticsSection />
      <ServicesSection />
      <HowItWorksSection />
      <RequestFormSection />
      <ContactSection content={content} />
    </>
  );
}
