import { useState } from 'react';
import { callApi } from '../../../api/client.ts';
import { createCheckoutSession } from '../../../api/pending-calls.ts';
import { Button } from '../../../ui/Button.tsx';
import { ErrorBox, submittingText, useFormSubmit } from '../../../ui/Form.tsx';

/** Starts a checkout; an error shows under the buy button (docs/product/errors.md#alerts). */
export function CheckoutButton({
  product,
  label,
}: {
  product: 'subscription' | 'ebook';
  label: string;
}) {
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
            const answer = await callApi(createCheckoutSession, { product });
            // The payments issue hands this session to the provider's checkout page.
            setSessionId(answer.sessionId);
          })
        }
      >
        {form.isSubmitting ? submittingText : sessionId ? 'Opening checkout…' : label}
      </Button>
      <ErrorBox>{form.error}</ErrorBox>
    </>
  );
}
