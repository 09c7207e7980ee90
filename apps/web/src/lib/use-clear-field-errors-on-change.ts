import type { FormInstance } from 'antd';
import { useCallback } from 'react';

/** Whether the changed values (antd's nested object of what changed) reach the field at `path`. */
function reaches(changedValues: unknown, path: ReadonlyArray<string | number>): boolean {
  let node = changedValues;
  for (const key of path) {
    if (node === null || typeof node !== 'object' || !(key in node)) return false;
    node = (node as Record<string | number, unknown>)[key];
  }
  return true;
}

/**
 * An antd Form's `onValuesChange` that takes the errors off each field the user changes, such as a
 * server's refusal put there with `form.setFields`. A Form.Item with rules checks itself again on
 * change, but one without keeps such a message under a corrected value until the next submit.
 * Other fields keep their messages; a field's rules, if any, still run after the clearing.
 */
export function useClearFieldErrorsOnChange(form: FormInstance) {
  return useCallback(
    (changedValues: unknown) => {
      const stale = form
        .getFieldsError()
        .filter(({ name, errors }) => errors.length > 0 && reaches(changedValues, name));
      if (stale.length > 0) form.setFields(stale.map(({ name }) => ({ name, errors: [] })));
    },
    [form],
  );
}
