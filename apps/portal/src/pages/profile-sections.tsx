import { lazy, Suspense } from 'react';
import { useSelector } from 'react-redux';
import { loadCompetitionRequests, loadMyApplications } from '@fed/applications';
import { selectContractorType, selectUserId } from '@fed/auth-session';
import { loadOrganizerCompetitions } from '@fed/competitions';
import { loadMembershipCard, loadMembershipReminders } from '@fed/membership';
import { photoVideoPaths } from '@fed/contracts';
import { loadOrganizerMediaSection } from '@fed/photo-video';
import { ButtonLink, LoadingWrapper } from '@fed/ui-kit';

// Feature libraries may not import each other: the app puts the organizer's requests inside its events here.
const MyApplications = lazy(() => loadMyApplications().then((component) => ({ default: component })));
const OrganizerCompetitions = lazy(() =>
  loadOrganizerCompetitions().then((component) => ({ default: component })),
);
const CompetitionRequests = lazy(() =>
  loadCompetitionRequests().then((component) => ({ default: component })),
);
const OrganizerMedia = lazy(() => loadOrganizerMediaSection().then((component) => ({ default: component })));
const MembershipReminders = lazy(() =>
  loadMembershipReminders().then((component) => ({ default: component })),
);
const MembershipCard = lazy(() => loadMembershipCard().then((component) => ({ default: component })));

/**
 * The personal cabinet's sections: an athlete's membership (its warnings and card) and applications, or an
 * organization's events with their requests.
 */
export function ProfileSections() {
  const contractorType = useSelector(selectContractorType);
  const userId = useSelector(selectUserId);
  return (
    <Suspense fallback={<LoadingWrapper loading />}>
      {contractorType === 'organization' ? (
        <>
          <OrganizerCompetitions
            renderRequests={(competitionId) => (
              <Suspense fallback={<LoadingWrapper loading />}>
                <CompetitionRequests competitionId={competitionId} />
              </Suspense>
            )}
          />
          <OrganizerMedia />
        </>
      ) : (
        <>
          {userId && (
            // The membership's warnings first: an entered event the term ends before must not be missed.
            <Suspense fallback={null}>
              <MembershipReminders sportsmanId={userId} />
              <MembershipCard sportsmanId={userId} />
            </Suspense>
          )}
          <MyApplications />
          {userId && (
            <p>
              <ButtonLink to={photoVideoPaths.list(userId)} variant="secondary">
                Мои заявки на фото и видео
              </ButtonLink>
            </p>
          )}
        </>
      )}
    </Suspense>
  );
}
