import { Button, Modal } from '@fed/ui-kit';

export interface ConfirmCancelDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  competitionName: string;
  /** A paid request is refunded when withdrawn; the athlete is told before deciding. */
  paid: boolean;
  cancelling: boolean;
  onConfirm: () => void;
}

/** Withdrawing a request cannot be undone, so it is asked once more. */
export function ConfirmCancelDialog({
  open,
  onOpenChange,
  competitionName,
  paid,
  cancelling,
  onConfirm,
}: ConfirmCancelDialogProps) {
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Отменить заявку?"
      description={`Заявка на «${competitionName}» будет отменена, вернуть её будет нельзя.${
        paid ? ' Оплаченный взнос вернётся на карту, с которой его оплатили.' : ''
      }`}
      loading={cancelling}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={cancelling}>
            Не отменять
          </Button>
          <Button variant="danger" onClick={onConfirm} loading={cancelling}>
            {paid ? 'Отменить и вернуть взнос' : 'Отменить заявку'}
          </Button>
        </>
      }
    />
  );
}
