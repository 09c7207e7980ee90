import { authContract } from '../auth/auth-contract.ts';
import { brokerContract } from '../broker/broker-contract.ts';
import { challengeContract } from '../challenges/challenge-contract.ts';
import { adminContactContract, contactContract } from '../contact/contact-contract.ts';
import { adminCourseContract, courseContract } from '../courses/course-contract.ts';
import { adminDrillContract, drillContract } from '../courses/drill-contract.ts';
import { lessonPlayerContract } from '../courses/lesson-player-contract.ts';
import { adminLearningLinkContract, practiseNextContract } from '../courses/practise-next.ts';
import { adminProgressContract, progressContract } from '../courses/progress-contract.ts';
import { adminQuizContract, quizContract } from '../courses/quiz-contract.ts';
import { devContract } from '../dev/dev-contract.ts';
import { adminGroupContract, groupContract } from '../groups/group-contract.ts';
import { healthContract } from '../health/health-contract.ts';
import { adminJournalContract, journalContract } from '../journal/journal-contract.ts';
import { adminNewsContract, newsContract } from '../news/news-contract.ts';
import { notificationContract } from '../notifications/notification-contract.ts';
import { practiceContract } from '../practice/practice-contract.ts';
import { planContract } from '../subscription/plan-contract.ts';
import { adminMarketContract } from '../trading/admin-market-contract.ts';
import { tradingContract } from '../trading/trading-contract.ts';
import { adminUserContract } from '../user/admin-user-contract.ts';
import { userContract } from '../user/user-contract.ts';
import type { ApiOperation } from './contract.ts';

/** Every domain's contract (ADR 023): what the web's test mocks are checked against. */
export const apiContracts = {
  adminContact: adminContactContract,
  adminJournal: adminJournalContract,
  adminMarket: adminMarketContract,
  auth: authContract,
  contact: contactContract,
  dev: devContract,
  drill: drillContract,
  health: healthContract,
  adminCourse: adminCourseContract,
  adminDrill: adminDrillContract,
  adminGroup: adminGroupContract,
  adminLearningLink: adminLearningLinkContract,
  adminNews: adminNewsContract,
  adminQuiz: adminQuizContract,
  adminUser: adminUserContract,
  broker: brokerContract,
  challenge: challengeContract,
  course: courseContract,
  group: groupContract,
  journal: journalContract,
  lessonPlayer: lessonPlayerContract,
  news: newsContract,
  notification: notificationContract,
  plan: planContract,
  practice: practiceContract,
  progress: progressContract,
  adminProgress: adminProgressContract,
  practiseNext: practiseNextContract,
  quiz: quizContract,
  trading: tradingContract,
  user: userContract,
} as const;

function matches(template: string, path: string): boolean {
  const want = template.split('/');
  const got = path.split('/');
  return (
    want.length === got.length &&
    want.every((segment, index) => (segment.startsWith(':') ? got[index] !== '' : segment === got[index]))
  );
}

/**
 * The operation answering `method path` (the path under /api/v1, without the query), or null.
 * A literal segment wins over a parameter (`/group/mine` before `/group/:groupId`).
 */
export function findApiOperation(method: string, path: string): (ApiOperation & { name: string }) | null {
  const found: Array<ApiOperation & { name: string }> = [];
  for (const [domain, contract] of Object.entries(apiContracts)) {
    for (const [name, operation] of Object.entries(contract as Record<string, ApiOperation>)) {
      if (operation.method === method.toUpperCase() && matches(operation.path, path))
        found.push({ ...operation, name: `${domain}.${name}` });
    }
  }
  const params = (operation: ApiOperation) =>
    operation.path.split('/').filter((s) => s.startsWith(':')).length;
  return found.sort((a, b) => params(a) - params(b))[0] ?? null;
}
