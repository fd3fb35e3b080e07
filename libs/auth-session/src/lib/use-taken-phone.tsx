import { skipToken } from '@reduxjs/toolkit/query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { PhoneValue } from '@fed/ui-kit';
import { toE164 } from '@fed/validation';
import { usePhoneStatusQuery } from '../api/auth-api';
import { PhoneNotice } from '../components/phone-notice';
import styles from '../components/auth-card.module.css';
import { handOverPhone } from './phone-hand-over';

export const PHONE_TAKEN_MESSAGE = 'Этот номер уже зарегистрирован';

/**
 * A registration's phone step: as soon as the number is complete the api is asked whether it already has a
 * login (`PhoneStatus`), and a refused registration (`phone_taken`) says the same; either way the notice under
 * the phone offers to sign in with that number. When the api cannot answer (a limit, no network) there is simply
 * no hint: the registration itself still refuses a taken number before any code.
 */
export function useTakenPhone(phone: PhoneValue) {
  const e164 = toE164(phone.digits, phone.country);
  const { currentData } = usePhoneStatusQuery(e164 ? { phone: e164 } : skipToken);
  const [refused, setRefused] = useState<string | null>(null);
  const taken = e164 !== null && (currentData?.data.registered === true || refused === e164);

  const notice = (
    <PhoneNotice title={taken ? PHONE_TAKEN_MESSAGE : null}>
      <Link to="/login" onClick={() => handOverPhone(phone)} className={styles.actionLink}>
        Войти по этому номеру
      </Link>
    </PhoneNotice>
  );

  return {
    taken,
    notice,
    /** The registration was refused with `phone_taken` for this number. */
    phoneTaken: (refusedPhone: PhoneValue) => setRefused(toE164(refusedPhone.digits, refusedPhone.country)),
  };
}
