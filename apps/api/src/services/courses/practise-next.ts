import {
  courses,
  type DbExecutor,
  drills as drillsTable,
  learningLinks,
  newId,
  videos,
} from '@candlewise/db';
import {
  decimal,
  fromMinorUnits,
  LEARNING_RULES,
  type LearningLink,
  type LearningRule,
  type LearningSourceKind,
  type MistakeCost,
  normaliseMistakeKey,
  PRACTISE_NEXT_DAYS,
  type PractiseNextItem,
  rankCostlyMistakes,
  toMinorUnits,
} from '@candlewise/shared';
import type { learningLinkBodySchema } from '@candlewise/shared/courses/practise-next';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { AppError, notFound } from '../../lib/app-error.ts';
import { listJournalCurrencies } from '../journal/journal-currencies.ts';

const DAY_MS = 86_400_000;

type CostRow = { currency: string; key: string; label: string; pnl: string; occurrences: number };
type DrillRef = { id: string; title: string; courseId: string };
/** Drill titles by id (a drill deleted since it was linked is shown as none). */
export type DrillLookup = (db: DbExecutor, ids: readonly string[]) => Promise<Map<string, DrillRef>>;

export const drillsById: DrillLookup = async (db, ids) => {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: drillsTable.id, title: drillsTable.title, courseId: drillsTable.courseId })
    .from(drillsTable)
    .where(inArray(drillsTable.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row]));
};

const rowsOf = <T>(result: unknown): T[] =>
  (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

/**
 * What each mistake cost the learner since `since`, per currency:
 * - a journal mistake tag: the net P&L of the closed trades carrying it (a trade with two mistakes
 *   counts for both);
 * - a competition rule: the P&L of the fills the decision cites (a challenge's daily or maximum loss:
 *   that day's fills up to the close-out), or, for the Practice rule set's drawdown freeze, the loss
 *   booked by the freeze's close-out.
 */
async function mistakeCosts(
  db: DbExecutor,
  userId: string,
  since: Date,
): Promise<Array<MistakeCost & { currency: string }>> {
  const tags = rowsOf<CostRow>(
    await db.execute(sql`
      select t.currency, tag as key, tag as label, sum(t.pnl)::text as pnl, count(*)::int as occurrences
      from journal_trades t cross join lateral unnest(t.mistake_tags) as tag
      where t.user_id = ${userId} and t.pnl is not null and t.exit_time >= ${since.toISOString()}
      group by t.currency, tag`),
  );
  const challengeRules = rowsOf<CostRow>(
    await db.execute(sql`
      select g.currency, e.rule as key, e.rule as label,
        coalesce(sum(f.realized_pnl), 0)::text as pnl, count(distinct e.id)::int as occurrences
      from challenge_events e
        join trading_accounts a on a.id = e.account_id
        join groups g on g.id = a.group_id
        left join fills f on f.id in (select jsonb_array_elements_text(e.fill_ids))
      where a.user_id = ${userId} and e.at >= ${since.toISOString()}
        and e.kind in ('failed', 'day-ended') and e.rule in ('daily_loss', 'max_loss', 'time_limit')
      group by g.currency, e.rule`),
  );
  const freezes = rowsOf<CostRow>(
    await db.execute(sql`
      select g.currency, 'freeze' as key, 'freeze' as label, sum(f.realized_pnl)::text as pnl,
        count(distinct (f.account_id, f.created_at))::int as occurrences
      from fills f
        join trading_accounts a on a.id = f.account_id
        join groups g on g.id = a.group_id
      where a.user_id = ${userId} and f.reason = 'freeze' and f.created_at >= ${since.toISOString()}
      group by g.currency`),
  );

  // Tags typed differently are one mistake: merged under the normalised key, shown as the spelling used most.
  const merged = new Map<string, MistakeCost & { currency: string; labelUses: number }>();
  for (const row of tags) {
    const key = normaliseMistakeKey(row.key);
    if (!key) continue;
    const id = `${row.currency}\u0000mistake\u0000${key}`;
    const minor = toMinorUnits(decimal(row.pnl));
    const found = merged.get(id);
    if (!found) {
      merged.set(id, {
        currency: row.currency,
        kind: 'mistake',
        key,
        label: row.label.trim(),
        pnlMinor: minor,
        occurrences: row.occurrences,
        labelUses: row.occurrences,
      });
      continue;
    }
    found.pnlMinor += minor;
    found.occurrences += row.occurrences;
    // The spelling used most; on a tie the first in code-point order, so the answer never depends on row order.
    if (
      row.occurrences > found.labelUses ||
      (row.occurrences === found.labelUses && row.label.trim() < found.label)
    ) {
      found.label = row.label.trim();
      found.labelUses = row.occurrences;
    }
  }
  const rules = [...challengeRules, ...freezes].map((row) => ({
    currency: row.currency,
    kind: 'rule' as const,
    key: row.key,
    label: LEARNING_RULES[row.key as LearningRule] ?? row.key,
    pnlMinor: toMinorUnits(decimal(row.pnl)),
    occurrences: row.occurrences,
  }));
  return [...[...merged.values()].map(({ labelUses: _uses, ...cost }) => cost), ...rules];
}

/**
 * The learner's three most costly mistakes of the last 30 days, in one currency (the one asked for,
 * else the journal's main one, else the one with the costliest mistake), each with the lesson and
 * the drill an admin linked to it.
 */
export async function getPractiseNext(
  db: DbExecutor,
  userId: string,
  options: { currency?: string; now?: number; drills?: DrillLookup } = {},
) {
  const now = options.now ?? Date.now();
  const since = new Date(now - PRACTISE_NEXT_DAYS * DAY_MS);
  const costs = await mistakeCosts(db, userId, since);
  const costly = costs.filter((cost) => cost.pnlMinor < 0);
  const currencies = [...new Set(costly.map((cost) => cost.currency))].sort();
  const journalMain = (await listJournalCurrencies(db, userId))[0]?.currency;
  const costliest = rankCostlyMistakes(costly, 1)[0] as (MistakeCost & { currency: string }) | undefined;
  const currency =
    options.currency ??
    (journalMain && currencies.includes(journalMain)
      ? journalMain
      : (costliest?.currency ?? journalMain ?? 'INR'));
  const top = rankCostlyMistakes(costs.filter((cost) => cost.currency === currency));

  const links = top.length
    ? await db
        .select({
          sourceKind: learningLinks.sourceKind,
          sourceKey: learningLinks.sourceKey,
          courseId: learningLinks.courseId,
          courseTitle: courses.title,
          videoId: videos.id,
          lessonTitle: videos.title,
          drillId: learningLinks.drillId,
        })
        .from(learningLinks)
        .innerJoin(courses, and(eq(courses.id, learningLinks.courseId), eq(courses.published, true)))
        .leftJoin(videos, eq(videos.id, learningLinks.videoId))
        .where(
          inArray(
            learningLinks.sourceKey,
            top.map((cost) => cost.key),
          ),
        )
    : [];
  const linkOf = (kind: LearningSourceKind, key: string) =>
    links.find((link) => link.sourceKind === kind && link.sourceKey === key);
  const drillIds = links.flatMap((link) => (link.drillId ? [link.drillId] : []));
  const drills = drillIds.length
    ? await (options.drills ?? drillsById)(db, drillIds)
    : new Map<string, DrillRef>();

  const items: PractiseNextItem[] = top.map((cost) => {
    const link = linkOf(cost.kind, cost.key);
    return {
      kind: cost.kind,
      key: cost.key,
      label: cost.label,
      pnl: fromMinorUnits(cost.pnlMinor),
      occurrences: cost.occurrences,
      lesson:
        link?.videoId != null && link.lessonTitle != null
          ? {
              courseId: link.courseId,
              courseTitle: link.courseTitle,
              videoId: link.videoId,
              title: link.lessonTitle,
            }
          : null,
      drill: (link?.drillId && drills.get(link.drillId)) || null,
    };
  });
  return { currency, currencies, since: since.toISOString(), items };
}

const labelOfLink = (kind: LearningSourceKind, key: string) =>
  kind === 'rule' ? (LEARNING_RULES[key as LearningRule] ?? key) : key;

/** Every link with its course, lesson and drill titles, rules first, then by key. */
export async function listLearningLinks(
  db: DbExecutor,
  drills: DrillLookup = drillsById,
): Promise<LearningLink[]> {
  const rows = await db
    .select({
      id: learningLinks.id,
      sourceKind: learningLinks.sourceKind,
      sourceKey: learningLinks.sourceKey,
      courseId: learningLinks.courseId,
      courseTitle: courses.title,
      videoId: learningLinks.videoId,
      lessonTitle: videos.title,
      drillId: learningLinks.drillId,
      updatedAt: learningLinks.updatedAt,
    })
    .from(learningLinks)
    .innerJoin(courses, eq(courses.id, learningLinks.courseId))
    .leftJoin(videos, eq(videos.id, learningLinks.videoId))
    .orderBy(sql`${learningLinks.sourceKind} desc`, asc(learningLinks.sourceKey));
  const titles = await drills(
    db,
    rows.flatMap((row) => (row.drillId ? [row.drillId] : [])),
  );
  return rows.map((row) => ({
    ...row,
    label: labelOfLink(row.sourceKind, row.sourceKey),
    drillTitle: row.drillId ? (titles.get(row.drillId)?.title ?? null) : null,
    updatedAt: row.updatedAt.toISOString(),
  }));
}

/**
 * Links a mistake tag or rule to a lesson (and a drill of the same course): one link per mistake,
 * so saving again replaces it (an upsert on the unique key, never a read-then-write race).
 */
export async function saveLearningLink(
  db: DbExecutor,
  body: z.output<typeof learningLinkBodySchema>,
  drills: DrillLookup = drillsById,
): Promise<LearningLink> {
  const [lesson] = await db
    .select({ courseId: videos.courseId })
    .from(videos)
    .where(eq(videos.id, body.videoId));
  if (!lesson) throw notFound('We could not find that lesson. Choose one from the list.');
  if (body.drillId) {
    const drill = (await drills(db, [body.drillId])).get(body.drillId);
    if (!drill) throw notFound('We could not find that drill. Choose one from the list.');
    if (drill.courseId !== lesson.courseId) {
      throw new AppError(400, 'BAD_REQUEST', 'Choose a drill of the same course as the lesson.');
    }
  }
  const sourceKey = body.sourceKind === 'mistake' ? normaliseMistakeKey(body.sourceKey) : body.sourceKey;
  const [saved] = await db
    .insert(learningLinks)
    .values({
      id: newId(),
      sourceKind: body.sourceKind,
      sourceKey,
      courseId: lesson.courseId,
      videoId: body.videoId,
      drillId: body.drillId,
    })
    .onConflictDoUpdate({
      target: [learningLinks.sourceKind, learningLinks.sourceKey],
      set: { courseId: lesson.courseId, videoId: body.videoId, drillId: body.drillId, updatedAt: new Date() },
    })
    .returning({ id: learningLinks.id });
  const link = (await listLearningLinks(db, drills)).find((row) => row.id === saved.id);
  if (!link) throw notFound('That link was removed while it was saved. Save it again.');
  return link;
}

export async function deleteLearningLink(db: DbExecutor, linkId: string) {
  const [removed] = await db
    .delete(learningLinks)
    .where(eq(learningLinks.id, linkId))
    .returning({ id: learningLinks.id });
  if (!removed) throw notFound('We could not find that link. It may have been removed already.');
  return removed;
}
