// Placeholder until the owning helper lands the real panel; replaced in this session.
export default function Panel() {
  return <p>Loading the groups panel…</p>;
}
