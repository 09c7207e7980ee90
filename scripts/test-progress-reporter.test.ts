import { describe, expect, it } from 'vitest';
import { TestProgressReporter } from './test-progress-reporter.ts';

const module = (id: string) => ({ moduleId: `/repo/${id}` }) as never;

describe('the progress lines of `npm test` in a log', () => {
  it('says what runs from the start and every interval, in one line each', () => {
    let now = 0;
    const lines: string[] = [];
    const reporter = new TestProgressReporter({
      root: '/repo',
      now: () => now,
      write: (line) => lines.push(line),
    });
    reporter.onInit();
    expect(lines).toEqual(['npm test: starting (the API tests first build their database, ~10 s)']);
    reporter.onTestRunStart([{}, {}, {}] as never);
    expect(lines[1]).toBe('npm test: 3 test files');
    now = 1_000;
    reporter.onTestModuleStart(module('apps/api/test/fuzz.test.ts'));
    reporter.onTestModuleStart(module('apps/api/test/journal.test.ts'));
    now = 20_000;
    reporter.onTestModuleEnd(module('apps/api/test/journal.test.ts'));
    now = 65_000;
    reporter.tick();
    expect(lines[2]).toBe('npm test: 1m05s, 1 of 3 files done; running apps/api/test/fuzz.test.ts (64 s)');
    reporter.onTestModuleEnd(module('apps/api/test/fuzz.test.ts'));
    reporter.tick();
    expect(lines[3]).toBe('npm test: 1m05s, 2 of 3 files done');
    reporter.onTestRunEnd();
    expect(lines).toHaveLength(4);
  });
});
