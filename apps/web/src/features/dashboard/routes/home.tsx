import BookOutlined from '@ant-design/icons-svg/es/asn/BookOutlined';
import PlayCircleOutlined from '@ant-design/icons-svg/es/asn/PlayCircleOutlined';
import TeamOutlined from '@ant-design/icons-svg/es/asn/TeamOutlined';
import { useSelector } from 'react-redux';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header/page-header';
import { SvgIcon } from '@/components/svg-icon/svg-icon';
import { PractiseNextCard } from '@/features/courses';
import { type SessionSlices, useCurrentUser } from '@/lib/current-user';
import { isNewAccountSession } from '@/lib/first-visit';
import { ContinueLearningCard } from '../components/continue-learning-card';
import { JournalCard } from '../components/journal-card';
import { MyCompetitionsCard } from '../components/my-competitions-card';
import { TopNewsCard } from '../components/top-news-card';
import { homeGreeting } from '../home-greeting';
import '@/components/plain/plain.css';
import './home.css';

const destinations = [
  {
    to: '/course',
    title: 'Courses',
    text: 'Video courses from market basics to options and risk management, with your progress lesson by lesson.',
    action: 'Open courses',
    icon: PlayCircleOutlined,
  },
  {
    to: '/group',
    title: 'Groups',
    text: 'Trading competitions: trade a paper account under a risk rule and see where you rank.',
    action: 'Browse groups',
    icon: TeamOutlined,
  },
  {
    to: '/journal',
    title: 'Journal',
    text: 'Write down each trading day, link your trades and learn from your own statistics.',
    action: 'Open your journal',
    icon: BookOutlined,
  },
] as const;

/**
 * /home, the dashboard: a greeting, the course to continue and the three places learners go most.
 * Drawn without antd (no antd or @ant-design/icons import anywhere below it), so it paints before
 * antd's script has loaded; home.css gives its cards, buttons, tags and skeletons antd's look.
 */
export default function HomePage() {
  const user = useCurrentUser();
  const token = useSelector((state: SessionSlices) => state.auth.token);
  const { title, description } = homeGreeting(user?.firstName, isNewAccountSession(token));
  return (
    <>
      <PageHeader title={title} description={description} />
      <ContinueLearningCard />
      <MyCompetitionsCard />
      <TopNewsCard />
      <JournalCard />
      <PractiseNextCard />
      <ul className="cw-home__cards">
        {destinations.map(({ to, title, text, action, icon }) => (
          <li key={to}>
            <div className="cw-plain-card cw-home__card">
              <h2 className="cw-home__card-title">
                <SvgIcon icon={icon} className="cw-home__card-icon" />
                {title}
              </h2>
              <p className="cw-home__card-text">{text}</p>
              <Link to={to}>{action}</Link>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
