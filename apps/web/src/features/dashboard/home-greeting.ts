/**
 * /home's heading: "Welcome back, Lena" and what the page is for. A learner who has just finished
 * onboarding is greeted as new for the rest of that session (lib/first-visit.ts). The HTML's head
 * script writes the same words over /home's first view from the stored session, before the app's
 * code arrives (apps/api/src/plugins/prerender-head.ts; home-first-view.test.tsx holds the two to
 * the same words).
 */
export function homeGreeting(firstName: string | null | undefined, isNew: boolean) {
  const welcome = isNew ? 'Welcome' : 'Welcome back';
  return {
    title: firstName ? `${welcome}, ${firstName}` : welcome,
    description: isNew ? 'Here is where to begin.' : 'Pick up where you left off.',
  };
}
