import { useId, useRef, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Ban } from 'lucide-react';
import { HOST_CANCEL_REASON_MAX_LENGTH } from '@shared/self-service';
import { ApiError, NetworkError } from '../../lib/api';
import { formatPhone } from '../../lib/phone';
import { cancelHostRequest, hostPageQueryKey, type SelfServiceView } from './api';
import { texts } from './texts';
import { whenText } from './when';

/**
 * Cancelling within the terms' rule: a button, then a confirm dialog (the native modal dialog: focus
 * kept inside, Escape closes) with an optional reason. Past the rule, the charity's phone instead.
 */
export function CancelSection({
  token,
  request,
  onCancelled,
}: {
  token: string;
  request: SelfServiceView;
  onCancelled: (message: string) => void;
}) {
  const queryClient = useQueryClient();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const ids = { title: useId(), body: useId(), reason: useId(), hint: useId(), error: useId() };
  const mutation = useMutation({
    mutationFn: () => cancelHostRequest(token, reason),
    onSuccess: (result) => {
      queryClient.setQueryData(hostPageQueryKey(token), result.request);
      dialogRef.current?.close();
      onCancelled(result.message);
    },
    onError: (e) => {
      if (e instanceof ApiError && e.serverMessage) setError(e.serverMessage);
      else setError(e instanceof NetworkError ? texts.network : texts.cancelFailed);
      // A refusal means the page is out of date (the rule closed, or someone cancelled): show the truth.
      if (e instanceof ApiError && e.status === 409) void queryClient.invalidateQueries({ queryKey: hostPageQueryKey(token) });
    },
  });

  const active = request.status === 'received' || request.status === 'reviewing' || request.status === 'confirmed';
  if (!active) return null;

  if (!request.cancel.allowed) {
    const phone = formatPhone(request.charityPhone);
    return (
      <section className="host-card" aria-labelledby="cancel-heading">
        <h2 id="cancel-heading" className="host-card__title">
          {texts.cancelHeading}
        </h2>
        <p className="host-card__text">{texts.cancelClosed}</p>
        {phone ? (
          <p className="host-card__text">
            {texts.cancelClosedCall}{' '}
            <a className="host-link" href={phone.href}>
              <bdi dir="ltr">{phone.display}</bdi>
            </a>
          </p>
        ) : (
          <p className="host-card__text">{texts.noPhone}</p>
        )}
      </section>
    );
  }

  const open = () => {
    setError(null);
    mutation.reset();
    dialogRef.current?.showModal();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    mutation.mutate();
  };

  return (
    <section className="host-card" aria-labelledby="cancel-heading">
      <h2 id="cancel-heading" className="host-card__title">
        {texts.cancelHeading}
      </h2>
      <p className="host-card__text">{texts.cancelOpen(whenText(request.cancel.until))}</p>
      <button type="button" className="button button--danger-outline" onClick={open}>
        <Ban size={18} aria-hidden="true" /> {texts.cancelButton}
      </button>

      <dialog ref={dialogRef} className="host-dialog" aria-labelledby={ids.title} aria-describedby={ids.body}>
        <form className="host-dialog__form" onSubmit={submit}>
          <h2 id={ids.title} className="host-dialog__title">
            {texts.dialogTitle}
          </h2>
          <p id={ids.body} className="host-dialog__text">
            {texts.dialogBody}
          </p>
          <label htmlFor={ids.reason} className="host-dialog__label">
            {texts.reasonLabel}
          </label>
          <textarea
            id={ids.reason}
            className="host-dialog__reason"
            rows={3}
            maxLength={HOST_CANCEL_REASON_MAX_LENGTH}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            aria-describedby={`${ids.hint}${error ? ` ${ids.error}` : ''}`}
          />
          <p id={ids.hint} className="host-dialog__hint">
            {texts.reasonCount(reason.length)}
          </p>
          {error ? (
            <p id={ids.error} className="host-dialog__error" role="alert">
              {error}
            </p>
          ) : null}
          <div className="host-dialog__actions">
            <button type="submit" className="button button--danger" disabled={mutation.isPending}>
              {mutation.isPending ? texts.confirming : texts.confirm}
            </button>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => dialogRef.current?.close()}
              disabled={mutation.isPending}
            >
              {texts.keep}
            </button>
          </div>
        </form>
      </dialog>
    </section>
  );
}
