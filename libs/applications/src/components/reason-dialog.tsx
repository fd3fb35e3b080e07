import { useState } from 'react';
import { Modal, SubmitForm, TextArea } from '@fed/ui-kit';
import { validateAll, type RuleSpec } from '@fed/validation';

/** The contract's limit on a reason (`changeCompetitionRequestState`). */
const REASON_MAX_LENGTH = 1000;
const reasonRules: readonly RuleSpec[] = ['required', ['max', { n: REASON_MAX_LENGTH }]];
const REASON_HINT = 'Спортсмен увидит её в заявке';

export interface ReasonDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  submitText: string;
  /** Sends the trimmed reason; resolves to whether it went through (the dialog closes only then). */
  onSubmit: (reason: string) => Promise<boolean>;
}

/**
 * Asks the organizer why a request is returned or rejected; the athlete reads it. A refused change keeps
 * the dialog open with what was typed.
 */
export function ReasonDialog({ open, onOpenChange, title, submitText, onSubmit }: ReasonDialogProps) {
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const error = validateAll(reason.trim(), reasonRules);
  const shownError = touched ? error : null;

  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) {
      setReason('');
      setTouched(false);
    }
  };

  const submit = async () => {
    setSubmitting(true);
    const done = await onSubmit(reason.trim());
    setSubmitting(false);
    if (done) close(false);
  };

  return (
    <Modal open={open} onOpenChange={close} title={title} loading={submitting}>
      <SubmitForm
        onSubmit={submit}
        isValid={error === null}
        submitting={submitting}
        submitText={submitText}
        onCancel={() => close(false)}
      >
        <TextArea
          label="Причина"
          required
          hint={REASON_HINT}
          error={shownError}
          value={reason}
          maxLength={REASON_MAX_LENGTH}
          onChange={(event) => {
            setReason(event.target.value);
            setTouched(true);
          }}
          onBlur={() => setTouched(true)}
        />
      </SubmitForm>
    </Modal>
  );
}
