import { BookOutlined, PlayCircleOutlined, TeamOutlined } from '@ant-design/icons';
import { Card } from 'antd';
import { useSelector } from 'react-redux';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header/page-header';
import { type SessionSlices, useCurrentUser } from '@/lib/current-user';
import { isNewAccountSession } from '@/lib/first-visit';
import { ContinueLearningCard } from '../components/continue-learning-card';
import { JournalCard } from '../components/journal-card';
import { MyCompetitionsCard } from '../components/my-competitions-card';
import { TopNewsCard } from '../components/top-news-card';
import './home.css';

const destinations = [
  {
    to: '/course',
    title: 'Courses',
    text: 'Video courses from market basics to options and risk management, with your progress lesson by lesson.',
    action: 'Open courses',
    Icon: PlayCircleOutlined,
  },
  {
    to: '/group',
    title: 'Groups',
    text: 'Trading competitions: trade a paper account under a risk rule and see where you rank.',
    action: 'Browse groups',
    Icon: TeamOutlined,
  },
  {
    to: '/journal',
    title: 'Journal',
    text: 'Write down each trading day, link your trades and learn from your own statistics.',
    action: 'Open your journal',
    Icon: BookOutlined,
  },
] as const;

/** /home, the dashboard: a greeting, the course to continue and the three places learners go most. */
export default function HomePage() {
  const user = useCurrentUser();
  const token = useSelector((state: SessionSlices) => state.auth.token);
  const isNew = isNewAccountSession(token);
  const welcome = isNew ? 'Welcome' : 'Welcome back';
  const greeting = user?.firstName ? `${welcome}, ${user.firstName}` : welcome;
  return (
    <>
      <PageHeader
        title={greeting}
        description={isNew ? 'Here is where to begin.' : 'Pick up where you left off.'}
      />
      <ContinueLearningCard />
      <MyCompetitionsCard />
      <TopNewsCard />
      <JournalCard />
      <ul className="cw-home__cards">
        {destinations.map(({ to, title, text, action, Icon }) => (
          <li key={to}>
            <Card className="cw-home__card">
              <h2 className="cw-home__card-title">
                <Icon aria-hidden="true" className="cw-home__card-icon" />
                {title}
              </h2>
              <p className="cw-home__card-text">{text}</p>
              <Link to={to}>{action}</Link>
            </Card>
          </li>
        ))}
      </ul>
    </>
  );
}
