/**
 * The sample catalogue of the product spec: six courses (course1…course6) and 13 lessons with
 * durations between 1800 and 3600 seconds, each with chapters. Thumbnails ship with the web app
 * (no internet needed); video links are YouTube watch URLs that admins replace with their own.
 */
export type SampleChapter = { name: string; startTime: number; endTime: number };
export type SampleVideo = {
  title: string;
  description: string;
  duration: number;
  videoUrl: string;
  chapters: SampleChapter[];
};
export type SampleCourse = {
  id: string;
  title: string;
  description: string;
  isPro: boolean;
  videos: SampleVideo[];
};

/** Evenly spaced chapters that cover the whole lesson, so every sample satisfies the chapter rules. */
function chapters(duration: number, names: string[]): SampleChapter[] {
  const step = Math.floor(duration / names.length);
  return names.map((name, index) => ({
    name,
    startTime: index * step,
    endTime: index === names.length - 1 ? duration : (index + 1) * step,
  }));
}

function video(title: string, description: string, duration: number, youtubeId: string, names: string[]) {
  return {
    title,
    description,
    duration,
    videoUrl: `https://www.youtube.com/watch?v=${youtubeId}`,
    chapters: chapters(duration, names),
  } satisfies SampleVideo;
}

export const sampleCourses: SampleCourse[] = [
  {
    id: 'course1',
    title: 'Stock Market Fundamentals',
    description:
      'How exchanges work, what moves prices, order types and how to read a quote. The place to start if you have never placed a trade.',
    isPro: false,
    videos: [
      video(
        'How the Stock Market Works',
        'Exchanges, brokers, market makers and what really happens when you press Buy.',
        1800,
        'p7HKvqRI_Bo',
        ['Why markets exist', 'Exchanges and brokers', 'Bid, ask and spread', 'Recap'],
      ),
      video(
        'Order Types Explained',
        'Market, limit and stop orders, stop-loss and take-profit, and when each one protects you.',
        2100,
        'ZCFkWDdmXG8',
        ['Market orders', 'Limit orders', 'Stops and stop-losses', 'Take-profit'],
      ),
      video(
        'Reading a Stock Quote',
        'Open, high, low, close, volume and market depth, read on a live example.',
        2400,
        'Xn7KWR9EOGQ',
        ['The quote line', 'OHLC and volume', 'Market depth', 'Practice'],
      ),
    ],
  },
  {
    id: 'course2',
    title: 'Trading Psychology',
    description:
      'Fear, greed, revenge trading and the habits that keep a trader in the game. Learn to follow your plan when it matters.',
    isPro: false,
    videos: [
      video(
        'The Mind of a Trader',
        'Why good strategies fail in the wrong hands, and how emotions show up in your results.',
        2700,
        '4rHPm2hH0yA',
        ['Fear and greed', 'Loss aversion', 'Overconfidence', 'Building a routine'],
      ),
      video(
        'Discipline and Routine',
        'Pre-market checklists, trade reviews and the journal as a mirror.',
        3000,
        'KYXD3a6JlgM',
        ['Checklists', 'Position sizing as discipline', 'Daily review', 'Weekly review'],
      ),
    ],
  },
  {
    id: 'course3',
    title: 'Technical Analysis Masterclass',
    description:
      'Candlesticks, support and resistance, trends, indicators and chart patterns, with their limits.',
    isPro: false,
    videos: [
      video(
        'Candlestick Basics',
        'Reading single candles and common two- and three-candle patterns.',
        1800,
        'C3KRwfj9F8Q',
        ['Anatomy of a candle', 'Doji and hammers', 'Engulfing patterns', 'Context matters'],
      ),
      video(
        'Support, Resistance and Trends',
        'Drawing levels that matter and telling a trend from a range.',
        2400,
        'HCyYPRFbqv4',
        ['Levels', 'Trendlines', 'Breakouts and fakeouts', 'Practice'],
      ),
      video(
        'Indicators Without the Noise',
        'Moving averages, RSI and MACD: what they measure and when they mislead.',
        3600,
        'eynxyoKgpng',
        ['Moving averages', 'RSI', 'MACD', 'Combining signals', 'Backtesting a rule'],
      ),
    ],
  },
  {
    id: 'course4',
    title: 'Fundamental Analysis Deep Dive',
    description: 'Financial statements, valuation ratios and the story behind a company’s numbers.',
    isPro: true,
    videos: [
      video(
        'Reading Financial Statements',
        'The income statement, balance sheet and cash-flow statement on one real-shaped example.',
        3000,
        'WEDIj9JBTC8',
        ['Income statement', 'Balance sheet', 'Cash flow', 'Red flags'],
      ),
      video(
        'Valuation Ratios',
        'P/E, P/B, EV/EBITDA and dividend yield, and why a cheap stock can stay cheap.',
        2700,
        'gI3aC5Zt6mI',
        ['P/E and P/B', 'EV/EBITDA', 'Yield', 'Comparing peers'],
      ),
    ],
  },
  {
    id: 'course5',
    title: 'Options Trading Basics',
    description: 'Calls, puts, premiums and the Greeks, with the risks spelled out before any strategy.',
    isPro: true,
    videos: [
      video(
        'Calls and Puts',
        'What an option is, how it is priced and what you can lose.',
        2100,
        'VJgHkAqohbU',
        ['Rights and obligations', 'Premium', 'Payoff diagrams', 'Expiry'],
      ),
      video(
        'The Greeks in Plain Words',
        'Delta, gamma, theta and vega, and how they change a position day by day.',
        3600,
        'kn4Y1v7cQd8',
        ['Delta', 'Gamma', 'Theta', 'Vega', 'Putting it together'],
      ),
    ],
  },
  {
    id: 'course6',
    title: 'Risk Management Essentials',
    description:
      'Position sizing, stop placement, drawdown and the maths of recovery: the lessons that keep an account alive.',
    isPro: false,
    videos: [
      video(
        'Position Sizing and Drawdown',
        'Risking a fixed fraction, why a 50% loss needs a 100% gain, and how the freeze rule in competitions teaches it.',
        2400,
        'm3vD6OGEeFk',
        ['Fixed-fraction sizing', 'Drawdown maths', 'The freeze rule', 'Your risk plan'],
      ),
    ],
  },
];
