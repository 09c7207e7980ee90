import { type DbExecutor, groups, newId } from '@candlewise/db';
import { eq } from 'drizzle-orm';
import { notFound } from '../../lib/app-error.ts';

export type GroupFields = {
  name: string;
  description: string;
  startDate: string;
  endDate: string;
  freezeDuration: number;
  freezeThreshold: number;
  startingBalance: number;
  registrationOpen: boolean;
  instruments: string[];
};

export async function createGroup(db: DbExecutor, input: GroupFields) {
  const [created] = await db
    .insert(groups)
    .values({ id: newId(), ...input, startDate: new Date(input.startDate), endDate: new Date(input.endDate) })
    .returning();
  return created;
}

export async function updateGroup(db: DbExecutor, groupId: string, input: GroupFields) {
  const [updated] = await db
    .update(groups)
    .set({
      ...input,
      startDate: new Date(input.startDate),
      endDate: new Date(input.endDate),
      updatedAt: new Date(),
    })
    .where(eq(groups.id, groupId))
    .returning();
  if (!updated) throw notFound('We could not find that group.');
  return updated;
}
