/** A full page load at `path`: switching accounts starts the app afresh (spec §4). One place, so tests can observe it. */
export function reloadAt(path: string): void {
  window.location.assign(path);
}
