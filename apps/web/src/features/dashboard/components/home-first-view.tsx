import { PageHeader } from '@/components/page-header/page-header';
import { homeGreeting } from '../home-greeting';
import { ContinueLearningPending } from './continue-learning-card';
import '@/components/plain/plain.css';
import '../routes/home.css';

/**
 * /home's first view, drawn at build time (app/signed-in-shells.tsx): the greeting and the course
 * card while its course is on the way, as /home draws them before its reads answer. The HTML's head
 * script puts the learner's name in the greeting and the course's picture in the card from the
 * stored session and the early GET /courses, so /home's largest paint, that picture, does not wait
 * for the app's code.
 */
export function HomeFirstView() {
  const { title, description } = homeGreeting(null, false);
  return (
    <>
      <PageHeader title={title} description={description} />
      <ContinueLearningPending />
    </>
  );
}
