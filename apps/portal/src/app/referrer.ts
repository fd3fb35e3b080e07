/**
 * The address on this site the browser came from to the first page of this load, by a link: a link followed
 * before the app (or a page's islands) had taken a server-rendered page over is a whole page load, and the referrer
 * is then all that tells where from. A reload (or a step back) came from nowhere new: `null`.
 */
export function referrerOnThisSite(): URL | null {
  if (!document.referrer) return null;
  const [load] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  if (load?.type !== 'navigate') return null;
  const referrer = new URL(document.referrer);
  return referrer.origin === window.location.origin ? referrer : null;
}
