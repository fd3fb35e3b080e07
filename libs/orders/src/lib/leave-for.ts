/** Sends the browser to another site's page (the provider's): the one place the page leaves the portal. */
export function leaveFor(url: string): void {
  window.location.assign(url);
}
