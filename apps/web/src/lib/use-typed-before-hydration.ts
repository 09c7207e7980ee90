import { useEffect, useState } from 'react';

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

declare global {
  interface Window {
    /**
     * Set by the head script of a page rendered ahead of time (apps/api/src/plugins/prerender-head.ts):
     * the form a visitor submitted before its script arrived (the submission itself was held back).
     */
    cwHeldSubmit?: HTMLFormElement;
    /** Set here once a form on the page is live; from then on the head script lets submissions through. */
    cwFormsLive?: boolean;
  }
}

/**
 * The first pages are rendered ahead of time and can be used before their script arrives
 * (apps/web/src/app/start-app.tsx). Hydration keeps what is in the fields on screen but not in the
 * form's state, so the form would answer 'Please enter your e-mail' about an e-mail the visitor can
 * see; and a press of the submit button in that moment is held back by the head script (the browser
 * would otherwise send the form as a plain GET, password in the address). Once, after hydration,
 * this hands every field whose value differs from the state to `adopt`; once those values are
 * committed, it marks the page's forms live (`cwFormsLive`: the head script stops holding
 * submissions) and submits the form again if it was submitted meanwhile.
 *
 * `elements` returns the form's fields by name; `values` are the state at the first render.
 * `adopt` and the form's change handlers must update the state as it is (`setValues((current) =>
 * …)`), not as their render saw it: a keystroke in the next field can come between the adopt and its
 * commit, and a handler that writes `{ ...values, [field]: value }` would drop what was adopted
 * (start-app.test.tsx types through that moment).
 */
export function useTypedBeforeHydration<Name extends string>(
  elements: () => Partial<Record<Name, Element | null | undefined>>,
  values: Partial<Record<Name, unknown>>,
  adopt: (typed: Partial<Record<Name, string>>) => void,
): void {
  // The form whose fields were read; set together with the adopted values, so the effect below
  // runs once they are committed.
  const [adopted, setAdopted] = useState<{ form: HTMLFormElement | null } | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: only what happened before the first render counts.
  useEffect(() => {
    const typed: Partial<Record<Name, string>> = {};
    let form: HTMLFormElement | null = null;
    for (const [name, element] of Object.entries(elements()) as [Name, Element | null | undefined][]) {
      if (!isField(element)) continue;
      form ??= element.form;
      if (element.value !== String(values[name] ?? '')) typed[name] = element.value;
    }
    if (Object.keys(typed).length > 0) adopt(typed);
    setAdopted({ form });
  }, []);

  // Live only now: a submission let through before the adopted values were committed would be
  // handled with the state of the first render, without what the visitor typed.
  useEffect(() => {
    if (!adopted) return;
    window.cwFormsLive = true;
    const { form } = adopted;
    if (form && window.cwHeldSubmit === form) {
      window.cwHeldSubmit = undefined;
      form.requestSubmit();
    }
  }, [adopted]);
}

function isField(element: Element | null | undefined): element is Field {
  return (
    (element instanceof HTMLInputElement && element.type !== 'checkbox' && element.type !== 'radio') ||
    element instanceof HTMLTextAreaElement ||
    element instanceof HTMLSelectElement
  );
}
