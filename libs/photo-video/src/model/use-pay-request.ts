import { useNavigate } from 'react-router-dom';
import {
  messageOf,
  rememberAfterPayment,
  useCreateOrderMutation,
  type AfterPaymentLink,
} from '@fed/api-client';
import { orderPagePath } from '@fed/contracts';
import { useToast } from '@fed/ui-kit';

/**
 * Paying a photo and video request: its order (a new one, or the open one), then the order page, which leads to
 * `after` once paid; a refusal is said in a toast and the page stays.
 */
export function usePayRequest() {
  const toast = useToast();
  const navigate = useNavigate();
  const [createOrder, { isLoading }] = useCreateOrderMutation();

  const pay = async (requestId: string, after: AfterPaymentLink) => {
    const result = await createOrder({ requestIds: [requestId] });
    if (result.error) {
      toast.error(messageOf(result.error));
      return;
    }
    rememberAfterPayment(result.data.id, after);
    void navigate(orderPagePath(result.data.id));
  };

  return { pay, paying: isLoading };
}
