import { PageTitle } from '../components/PageTitle';
import { AfterHydration } from '../components/AfterHydration';
import { useContent } from '../features/content/useContent';
import { StatisticsSection } from '../features/statistics/StatisticsSection';
import { RequestFormSection } from '../features/request-form/RequestFormSection';
import { HeroSection } from './home/HeroSection';
import { ServicesSection } from './home/ServicesSection';
import { HowItWorksSection } from './home/HowItWorksSection';
import { ContactSection } from './home/ContactSection';

/**
 * The home page: hero, statistics, services, how it works, the request form and contact. Its HTML holds
 * the first screen only (hero and figures): less to parse on a slow phone before the heading shows; the
 * sections below, out of sight, follow right after hydration in the room kept for them.
 */
export function HomePage() {
  const content = useContent();
  return (
    <>
      <PageTitle />
      <HeroSection content={content} />
      <StatisticsSection />
      <AfterHydration fallback={<div className="home-below-fold" aria-hidden="true" />}>
        <ServicesSection />
        <HowItWorksSection />
        <RequestFormSection />
        <ContactSection content={content} />
      </AfterHydration>
    </>
  );
}
