import { lazy, Suspense } from 'react';
import { useSelector } from 'react-redux';
import { loadCompetitionRequests, loadMyApplications } from '@fed/applications';
import { selectContractorType, selectUserId } from '@fed/auth-session';
import { loadOrganizerCompetitions } from '@fed/competitions';
import { loadOrganizerMediaSection, photoVideoPaths } from '@fed/photo-video';
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

/** The personal cabinet's sections: an athlete's applications, or an organization's events with their requests. */
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
