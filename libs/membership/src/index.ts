/**
 * The federation's membership: the page to apply for or renew it, and the cabinet's card and reminders, each
 * loaded as its own chunk (the app composes the card and the reminders into the cabinet).
 */
export const loadApplyMembershipPage = () =>
  import('./pages/apply-membership-page').then((m) => m.ApplyMembershipPage);
export const loadMembershipCard = () => import('./components/membership-card').then((m) => m.MembershipCard);
export const loadMembershipReminders = () =>
  import('./components/membership-reminders').then((m) => m.MembershipReminders);
export type { ApplyMembershipPageProps } from './pages/apply-membership-page';
export type { MembershipCardProps } from './components/membership-card';
export type { MembershipRemindersProps } from './components/membership-reminders';
