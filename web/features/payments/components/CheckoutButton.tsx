import { useState } from 'react';
import { callApi } from '../../../api/client.ts';
import { createCheckoutSession } from '../../../../contract/payments.base.ts';
import { Button } from '../../../ui/Button.tsx';
import { ErrorBox, submittingText, useFormSubmit } from '../../../ui/Form.tsx';

/** Starts a checkout; an error shows under the buy button (docs/product/errors.md#alerts). */
export function CheckoutButton({ label }: { label: string }) {
  const form = useFormSubmit();
  const [sessionId, setSessionId] = useState('');
  return (
    <>
      <Button
        variant="primary"
        size="large"
        block
        disabled={form.isSubmitting || sessionId !== ''}
        onClick={() =>
          void form.submit(async () => {
            // One subscription unlocks the reports and the manual (docs/decisions/049).
            const answer = await callApi(createCheckoutSession, {});
            setSessionId(answer.sessionId);
            window.location.assign(answer.url);
          })
        }
      >
        {form.isSubmitting ? submittingText : sessionId ? 'Opening checkout…' : label}
      </Button>
      <ErrorBox>{form.error}</ErrorBox>
    </>
  );
}
