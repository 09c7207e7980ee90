import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Form, Input } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { useClearFieldErrorsOnChange } from './use-clear-field-errors-on-change';

/** Two nested fields without rules, and a button that puts a server's refusal on both. */
function RefusedForm() {
  const [form] = Form.useForm();
  const clearChangedFieldErrors = useClearFieldErrorsOnChange(form);
  return (
    <Form form={form} onValuesChange={clearChangedFieldErrors}>
      <Form.Item name={['answers', 'why']} label="Why">
        <Input />
      </Form.Item>
      <Form.Item name={['answers', 'how']} label="How">
        <Input />
      </Form.Item>
      <Button
        onClick={() =>
          form.setFields([
            { name: ['answers', 'why'], errors: ['Say why.'] },
            { name: ['answers', 'how'], errors: ['Say how.'] },
          ])
        }
      >
        Refuse
      </Button>
    </Form>
  );
}

describe('useClearFieldErrorsOnChange', () => {
  it('takes the errors off the nested field that changed and leaves the others', async () => {
    const user = userEvent.setup();
    render(<RefusedForm />);
    await user.click(screen.getByRole('button', { name: 'Refuse' }));
    expect(await screen.findByText('Say why.')).toBeInTheDocument();
    expect(screen.getByText('Say how.')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Why'), 'Because');
    // antd lets an emptied message list linger for a few milliseconds.
    await vi.waitFor(() => expect(screen.queryByText('Say why.')).not.toBeInTheDocument());
    expect(screen.getByText('Say how.')).toBeInTheDocument();
  });
});
