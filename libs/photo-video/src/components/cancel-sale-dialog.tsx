import type { PhotoVideoPerformance } from '@fed/contracts';
import { Button, Cluster, Modal } from '@fed/ui-kit';
import { formatMoney } from '@fed/validation';

export interface CancelSaleDialogProps {
  performance: PhotoVideoPerformance | null;
  onClose: () => void;
  onConfirm: () => void;
}

/** Asks before a sale is withdrawn; a paid one says its money goes back to the card. */
export function CancelSaleDialog({ performance, onClose, onConfirm }: CancelSaleDialogProps) {
  const sale = performance?.sale;
  const paid = sale?.status === 'paid';
  return (
    <Modal
      open={sale !== undefined && sale !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Отменить заказ фото и видео?"
      size="sm"
      footer={
        <Cluster justify="end">
          <Button type="button" variant="secondary" onClick={onClose}>
            Не отменять
          </Button>
          <Button type="button" variant="danger" onClick={onConfirm}>
            {paid ? 'Отменить и вернуть деньги' : 'Отменить заказ'}
          </Button>
        </Cluster>
      }
    >
      <p>
        {performance?.programName}: {sale?.package[0]?.name}.{' '}
        {paid && sale
          ? `${formatMoney(sale.price)} вернутся на карту, с которой оплачен заказ.`
          : 'Заказ ещё не оплачен: списаний не было.'}
      </p>
    </Modal>
  );
}
