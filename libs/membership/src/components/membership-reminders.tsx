import { useMembershipRemindersQuery } from '@fed/api-client';
import { fixPaths, type MembershipReminder } from '@fed/contracts';
import { ButtonLink, Notice, Stack } from '@fed/ui-kit';

export interface MembershipRemindersProps {
  /** Whose membership: the cabinet's active athlete. */
  sportsmanId: string;
}

const titles: Record<MembershipReminder['kind'], string> = {
  expires_before_event: 'Членство закончится до начала турнира',
  expires_soon: 'Членство скоро закончится',
  expired: 'Членство закончилось',
};

/**
 * The cabinet's warnings about the end of the athlete's term, as the platform gives them, most urgent first:
 * before an event the athlete entered, 30 days before the end, or after it. Each leads to renewing; nothing
 * shows while there is nothing to say (or the warnings could not be read: the membership page says it all).
 */
export function MembershipReminders({ sportsmanId }: MembershipRemindersProps) {
  const { data: reminders } = useMembershipRemindersQuery(sportsmanId, { refetchOnMountOrArgChange: true });
  if (!reminders || reminders.length === 0) return null;
  return (
    <Stack as="section" gap={3} aria-label="Напоминания о членстве">
      {reminders.map((reminder, index) => (
        <Notice
          key={`${reminder.kind}-${reminder.competitionId ?? index}`}
          tone={reminder.kind === 'expired' ? 'danger' : 'warning'}
          title={titles[reminder.kind]}
        >
          <p>{reminder.message}</p>
          <p>
            <ButtonLink to={fixPaths.membership(sportsmanId)} size="sm">
              Продлить членство
            </ButtonLink>
          </p>
        </Notice>
      ))}
    </Stack>
  );
}
