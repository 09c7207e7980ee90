/**
 * /group's heading (spec: GROUPS) and what the page is for. The page and its first view drawn at
 * build time (app/signed-in-shells.tsx) share it; the description is /group's largest paint.
 */
export function GroupsHeader() {
  return (
    <header className="cw-groups__header">
      <h1 className="cw-groups__title">GROUPS</h1>
      <p className="cw-groups__description">
        Trading competitions: request to join, trade a paper account under a risk rule and see where you rank.
      </p>
    </header>
  );
}
