import { describe, expect, it } from 'vitest';
import { type MistakeCost, normaliseMistakeKey, rankCostlyMistakes } from './practise-next.ts';

const cost = (
  key: string,
  pnlMinor: number,
  occurrences = 1,
  kind: MistakeCost['kind'] = 'mistake',
): MistakeCost => ({
  kind,
  key,
  label: key,
  pnlMinor,
  occurrences,
});

describe('practise next', () => {
  it('treats a tag typed with other case, spaces, hyphens or underscores as one mistake', () => {
    expect(['Moved stop', 'moved-stop', '  MOVED   stop ', 'moved_stop'].map(normaliseMistakeKey)).toEqual([
      'moved stop',
      'moved stop',
      'moved stop',
      'moved stop',
    ]);
  });

  it('keeps the three largest losses, the more frequent first on a tie, and never a profitable mistake', () => {
    const ranked = rankCostlyMistakes([
      cost('fomo', -5_000, 2),
      cost('chased entry', 10_000),
      cost('moved stop', -60_030, 3),
      cost('oversized', -5_000, 4),
      cost('freeze', -20_000, 1, 'rule'),
      cost('late exit', 0),
    ]);
    expect(ranked.map((item) => item.key)).toEqual(['moved stop', 'freeze', 'oversized']);
  });
});
