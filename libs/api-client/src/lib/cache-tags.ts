/**
 * RTK Query tag types that more than one library names: `competitions` creates and changes an athlete's
 * requests that `applications` lists, so a change made on one side refetches the other side's lists.
 * A tag used by one library alone stays in its `api/` file.
 */
export const REQUEST_TAG = 'Request';
export const REQUEST_LIST_TAG = 'RequestList';
/** An athlete's membership (status and reminders), by athlete id: paying a membership changes it. */
export const MEMBERSHIP_TAG = 'Membership' as const;
