/** One static paragraph: no loader, no data. */
export default function Home() {
  return <p>This page has no data.</p>;
}
