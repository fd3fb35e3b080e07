/**
 * Photo and video of one's own performances: pages and the organizer's section, each loaded as its own chunk
 * (nothing of this library reaches a first page load).
 */
export const loadApplyPhotoVideoPage = () =>
  import('./pages/apply-photo-video-page').then((m) => m.ApplyPhotoVideoPage);
export const loadEditPhotoVideoPage = () =>
  import('./pages/apply-photo-video-page').then((m) => m.EditPhotoVideoPage);
export const loadMyPhotoVideoPage = () =>
  import('./pages/my-photo-video-page').then((m) => m.MyPhotoVideoPage);
export const loadMediaLockerPage = () => import('./pages/media-locker-page').then((m) => m.MediaLockerPage);
export const loadOrganizerMediaSection = () =>
  import('./organizer/organizer-media-section').then((m) => m.OrganizerMediaSection);
/** The library's addresses (a plain table: the cabinet links to the orders list). */
