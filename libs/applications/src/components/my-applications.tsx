import { skipToken } from '@reduxjs/toolkit/query';
import { useState } from 'react';
import { useSelector } from 'react-redux';
import { Link } from 'react-router-dom';
import {
  nomenclatureTypes,
  paymentStatuses,
  type NomenclatureType,
  type PaymentStatus,
} from '@fed/contracts';
import { selectUserId } from '@fed/auth-session';
import { instantOf } from '@fed/calendar';
import { SearchBox, Section, Select, useClock, type SelectOption } from '@fed/ui-kit';
import { useMyRequestListQuery } from '../api/applications-api';
import { nomenclatureTypeNames, paymentStatusNames } from '../model/request-labels';
import { MyApplicationCard } from './my-application-card';
import { RequestList } from './request-list';
import styles from './request-list.module.css';
import { useRequestFilters } from './use-request-filters';

export interface MyApplicationsProps {
  /** Requests per page. */
  pageSize?: number;
}

type Filters = {
  payment_status: PaymentStatus | '';
  nomenclature_type: NomenclatureType | '';
  query: string;
};

const ANY: SelectOption = { value: '', text: 'Все' };
const paymentOptions: SelectOption[] = [
  ANY,
  ...paymentStatuses.map((status) => ({ value: status, text: paymentStatusNames[status] })),
];
const typeOptions: SelectOption[] = [
  ANY,
  ...nomenclatureTypes.map((type) => ({ value: type, text: nomenclatureTypeNames[type] })),
];
const noFilters: Filters = { payment_status: '', nomenclature_type: '', query: '' };

/** The active athlete's applications (`getMyRequestList`): filters, pages, each with its timeline and actions. */
export function MyApplications({ pageSize = 10 }: MyApplicationsProps) {
  const sportsmanID = useSelector(selectUserId);
  const { filters, filter, range, list } = useRequestFilters(noFilters, pageSize);
  // The deadline rules compare against the time the list was opened; the platform has the last word anyway.
  const clock = useClock();
  const [now] = useState(() => instantOf(clock));
  const requests = useMyRequestListQuery(sportsmanID ? { sportsmanID, ...filters, ...range } : skipToken);

  if (!sportsmanID) return null;
  return (
    <Section title="Мои заявки" titleId="my-applications-title">
      <div className={styles.filters}>
        <Select
          label="Статус оплаты"
          options={paymentOptions}
          value={filters.payment_status}
          onChange={(event) => filter({ payment_status: event.target.value as Filters['payment_status'] })}
        />
        <Select
          label="Тип заявки"
          options={typeOptions}
          value={filters.nomenclature_type}
          onChange={(event) =>
            filter({ nomenclature_type: event.target.value as Filters['nomenclature_type'] })
          }
        />
        <div className={styles.search}>
          <SearchBox
            label="Поиск по заявкам"
            placeholder="Название мероприятия"
            onSearch={(query) => filter({ query: query.trim() })}
          />
        </div>
      </div>

      <RequestList
        query={requests}
        {...list}
        pagerLabel="Страницы заявок"
        emptyTitle="У вас пока нет заявок"
        emptyAction={
          <Link to="/competitions" className={styles.link}>
            Перейти к мероприятиям
          </Link>
        }
        renderRequest={(request) => <MyApplicationCard request={request} now={now} />}
      />
    </Section>
  );
}
