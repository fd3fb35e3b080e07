import { useSelector } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import { selectUserId } from '@fed/auth-session';
import { Card, ErrorState, formLayoutStyles, PageSkeleton } from '@fed/ui-kit';
import { useOwnRecord } from '../api/own-profile-api';
import { ORGANIZATION_PROFILE_FIELDS } from '../own/components/organization-cabinet';
import { OrganizationProfileForm } from '../own/components/organization-profile-form';

/** `/profile/edit` (organizations only; the route guard sends others away): the club's profile form. */
export function OrganizationEditPage() {
  const navigate = useNavigate();
  const id = useSelector(selectUserId);
  const { record, isLoading, isError, refetch } = useOwnRecord(id ?? '', ORGANIZATION_PROFILE_FIELDS, {
    skip: !id,
  });
  const back = () => navigate('/profile');

  return (
    <section className={formLayoutStyles.page} aria-labelledby="organization-edit-title">
      <h1 id="organization-edit-title" className={formLayoutStyles.title}>
        Редактирование профиля
      </h1>
      <Card padding="fluid">
        {isLoading ? (
          <PageSkeleton label="Загружаем профиль" />
        ) : record ? (
          <OrganizationProfileForm record={record} onDone={back} onCancel={back} />
        ) : (
          isError && <ErrorState title="Не удалось загрузить профиль" onRetry={() => void refetch()} />
        )}
      </Card>
    </section>
  );
}
