import { randomBytes } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { Transaction } from '../client.ts';
import { newId } from '../new-id.ts';
import { quizQuestions, quizzes, videos } from '../schema/index.ts';

type SampleQuestion =
  | {
      kind: 'single' | 'multiple';
      prompt: string;
      explanation: string;
      /** Choice texts; a leading "*" marks a correct one. */
      choices: string[];
    }
  | { kind: 'numeric'; prompt: string; explanation: string; value: number; tolerance: number; unit: string };

type SampleQuiz = {
  courseId: string;
  /** The lesson (0-based, in course order) the quiz comes after. */
  afterLesson: number;
  title: string;
  passMark: number;
  questions: SampleQuestion[];
};

/** One quiz per sample course (issue #42): real trading-education questions, each with its explanation. */
export const sampleQuizzes: SampleQuiz[] = [
  {
    courseId: 'course1',
    afterLesson: 1,
    title: 'Check: order types',
    passMark: 70,
    questions: [
      {
        kind: 'single',
        prompt: 'You place a buy limit order at $50 while the stock trades at $52. What happens?',
        explanation:
          'A buy limit fills only at the limit price or better (lower). At $52 nothing fills; if the price falls to $50 or below, it can fill — and it may never fill at all.',
        choices: [
          '*It waits and can fill only at $50 or lower',
          'It fills immediately at $52',
          'It fills immediately at $50',
          'It becomes a market order once the price reaches $50',
        ],
      },
      {
        kind: 'single',
        prompt: 'What does a market order guarantee?',
        explanation:
          'A market order guarantees execution (in a liquid market) but not the price: in a fast or thin market it can fill well away from the last quote (slippage).',
        choices: [
          '*That it fills, not at which price',
          'The price you saw on screen',
          'Both the fill and the price',
          'Neither',
        ],
      },
      {
        kind: 'multiple',
        prompt:
          'Which of these orders rest in the book (or with the broker) until a price is reached? Choose all that apply.',
        explanation:
          'Limit and stop orders wait for their price; a stop becomes a market order when triggered. A market order executes at once.',
        choices: ['*Buy limit', '*Sell stop', '*Sell limit', 'Market buy'],
      },
      {
        kind: 'single',
        prompt:
          'The bid is $99.95 and the ask is $100.05. You buy 100 shares at market. About what do you pay per share?',
        explanation:
          'You buy from sellers at the ask ($100.05) and would sell to buyers at the bid; the $0.10 gap is the spread, a cost of trading.',
        choices: ['*$100.05', '$99.95', '$100.00', '$100.10'],
      },
    ],
  },
  {
    courseId: 'course2',
    afterLesson: 1,
    title: 'Check: discipline under pressure',
    passMark: 67,
    questions: [
      {
        kind: 'single',
        prompt:
          'Your trade hits its stop loss. The price then reverses towards your target. What does a disciplined trader do?',
        explanation:
          'The stop did its job: it capped the loss the plan allowed. Re-entering is fine only when the plan gives a new setup — not to "get it back".',
        choices: [
          '*Log the trade and wait for the next setup the plan allows',
          'Re-enter at once with twice the size to recover the loss',
          'Move future stops further away so this never happens',
          'Stop trading for a month',
        ],
      },
      {
        kind: 'single',
        prompt: 'After three losing trades in a row you feel the urge to trade bigger. What is this called?',
        explanation:
          'Revenge trading: raising risk to recover losses. A daily loss limit and fixed risk per trade are the defence.',
        choices: ['*Revenge trading', 'Averaging down', 'Scaling in', 'Hedging'],
      },
      {
        kind: 'multiple',
        prompt: 'Which belong in a written trading plan? Choose all that apply.',
        explanation:
          'A plan says what you trade, when you enter and exit, and how much you risk — so decisions are made before emotions arrive.',
        choices: [
          '*Entry criteria',
          '*Risk per trade',
          '*Where the stop goes',
          'A profit promise for the month',
        ],
      },
    ],
  },
  {
    courseId: 'course3',
    afterLesson: 1,
    title: 'Check: stops, support and candles',
    passMark: 70,
    questions: [
      {
        kind: 'single',
        prompt: 'You buy a bounce off support at $40.00. Where does a stop loss usually belong?',
        explanation:
          'Just below support (e.g. $39.60): if price breaks the level the trade idea is wrong. A stop exactly at the level is hit by normal noise; far below risks too much.',
        choices: [
          '*A little below support, where the idea is proven wrong',
          'Exactly at $40.00',
          'Above the entry, to lock a profit',
          'No stop: support will hold',
        ],
      },
      {
        kind: 'single',
        prompt: 'A candle opens at 100, trades up to 108, down to 99 and closes at 101. What is it?',
        explanation:
          'The close (101) is near the open (100) with a long upper wick to 108: buyers pushed up and sellers pushed it back — a shooting-star-like rejection.',
        choices: [
          '*A candle with a long upper wick (rejection of higher prices)',
          'A strong bullish marubozu',
          'A doji with no wicks',
          'A bearish engulfing candle',
        ],
      },
      {
        kind: 'numeric',
        prompt: 'Entry $40.00, stop $39.60, target $41.20. What is the reward-to-risk ratio (reward ÷ risk)?',
        explanation: 'Risk = 40.00 − 39.60 = 0.40; reward = 41.20 − 40.00 = 1.20; 1.20 ÷ 0.40 = 3.',
        value: 3,
        tolerance: 0.05,
        unit: 'R',
      },
    ],
  },
  {
    courseId: 'course4',
    afterLesson: 1,
    title: 'Check: valuation ratios',
    passMark: 67,
    questions: [
      {
        kind: 'numeric',
        prompt: 'A share trades at $60 and the company earned $4 per share last year. What is the P/E ratio?',
        explanation: 'P/E = price ÷ earnings per share = 60 ÷ 4 = 15.',
        value: 15,
        tolerance: 0,
        unit: '',
      },
      {
        kind: 'single',
        prompt: 'Which statement shows what a company owns and owes at one moment?',
        explanation:
          'The balance sheet lists assets, liabilities and equity at a date; the income statement covers a period.',
        choices: [
          '*The balance sheet',
          'The income statement',
          'The cash-flow statement',
          'The annual letter to shareholders',
        ],
      },
      {
        kind: 'single',
        prompt: 'Two firms in the same industry: P/E 12 and P/E 30. What does the higher P/E usually mean?',
        explanation:
          'Investors pay more per dollar of current earnings, usually expecting faster growth — or the stock is simply expensive.',
        choices: [
          '*The market expects more growth (or it is pricier)',
          'The company is more profitable today',
          'The company has less debt',
          'The share price is higher',
        ],
      },
    ],
  },
  {
    courseId: 'course5',
    afterLesson: 0,
    title: 'Check: calls and puts',
    passMark: 67,
    questions: [
      {
        kind: 'single',
        prompt: 'What does buying a call option give you?',
        explanation:
          'The right, not the obligation, to buy the underlying at the strike price until expiry; the most you can lose is the premium paid.',
        choices: [
          '*The right to buy at the strike price',
          'The obligation to buy at the strike price',
          'The right to sell at the strike price',
          'A share of the company',
        ],
      },
      {
        kind: 'numeric',
        prompt:
          'You buy one call (100 shares) with strike $50 for a premium of $2. At expiry the stock is $55. What is your profit in dollars?',
        explanation: 'Value at expiry = (55 − 50) × 100 = $500; minus the $200 premium = $300 profit.',
        value: 300,
        tolerance: 0,
        unit: '$',
      },
      {
        kind: 'single',
        prompt: 'Which option gains value when the stock falls?',
        explanation:
          'A put is the right to sell at the strike, so it is worth more the lower the price goes.',
        choices: ['*A bought put', 'A bought call', 'A sold put', 'None of them'],
      },
    ],
  },
  {
    courseId: 'course6',
    afterLesson: 0,
    title: 'Check: position size for 1 % risk',
    passMark: 67,
    questions: [
      {
        kind: 'numeric',
        prompt:
          'Your account is $10,000 and you risk 1 % per trade. You buy at $50.00 with a stop at $48.00. How many shares is the position?',
        explanation:
          'Risk in money = 1 % × 10,000 = $100. Risk per share = 50.00 − 48.00 = $2.00. Shares = 100 ÷ 2 = 50.',
        value: 50,
        tolerance: 0,
        unit: 'shares',
      },
      {
        kind: 'numeric',
        prompt:
          'Account $25,000, risk 0.5 % per trade. Long BTCUSD at 20,000 with a stop at 19,500. What size in BTC? (0.01 either way counts.)',
        explanation: 'Risk = 0.5 % × 25,000 = $125. Risk per BTC = 500. Size = 125 ÷ 500 = 0.25 BTC.',
        value: 0.25,
        tolerance: 0.01,
        unit: 'BTC',
      },
      {
        kind: 'single',
        prompt:
          'An account falls 50 % in a drawdown. What gain does it need to get back to where it started?',
        explanation:
          'From half the money you must double it: +100 %. Losses need ever larger gains to recover — why risk per trade stays small.',
        choices: ['*100 %', '50 %', '75 %', '150 %'],
      },
      {
        kind: 'single',
        prompt: 'You want to widen your stop because the setup needs more room. What keeps your risk at 1 %?',
        explanation:
          'Risk = size × stop distance. A wider stop means a smaller position for the same money at risk.',
        choices: [
          '*Trade a smaller position',
          'Keep the same position',
          'Trade a larger position',
          'Remove the stop',
        ],
      },
    ],
  },
];

/** Adds the sample quizzes when the quizzes table is empty (called inside the seed's transaction). */
export async function seedSampleQuizzes(tx: Transaction): Promise<number> {
  let added = 0;
  for (const sample of sampleQuizzes) {
    const lessons = await tx
      .select({ id: videos.id })
      .from(videos)
      .where(eq(videos.courseId, sample.courseId))
      .orderBy(asc(videos.position), asc(videos.id));
    const after = lessons[sample.afterLesson] ?? lessons.at(-1);
    if (!after) continue;
    const quizId = newId();
    await tx.insert(quizzes).values({
      id: quizId,
      courseId: sample.courseId,
      afterVideoId: after.id,
      position: 0,
      title: sample.title,
      passMark: sample.passMark,
    });
    await tx.insert(quizQuestions).values(
      sample.questions.map((question, position) => ({
        id: newId(),
        quizId,
        position,
        kind: question.kind,
        prompt: question.prompt,
        explanation: question.explanation,
        ...(question.kind === 'numeric'
          ? { choices: [], numericValue: question.value, tolerance: question.tolerance, unit: question.unit }
          : {
              choices: question.choices.map((text) => ({
                id: randomBytes(6).toString('hex'),
                text: text.replace(/^\*/, ''),
                correct: text.startsWith('*'),
              })),
            }),
      })),
    );
    added += 1;
  }
  return added;
}
