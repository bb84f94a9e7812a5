import { act, useState } from 'react';
import { renderToString } from 'react-dom/server';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { NumberField } from './number-field';
import { TextField } from './text-field';

/** A form of the kit's two fields that says, on submit, the values its state holds. */
function Order({ onSubmit }: { onSubmit: (values: { quantity: string; note: string }) => void }) {
  const [quantity, setQuantity] = useState('1');
  const [note, setNote] = useState('');
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit({ quantity, note });
      }}
    >
      <NumberField label="مقدار" value={quantity} onValueChange={setQuantity} error={null} />
      <TextField label="توضیح" value={note} onValueChange={setNote} />
      <button type="submit">ثبت</button>
    </form>
  );
}

let root: Root | null = null;
beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

const fields = (container: HTMLElement) => container.querySelectorAll('input');
const submit = (container: HTMLElement) => act(() => container.querySelector('button')!.click());

describe("the kit's fields and what was typed before hydration", () => {
  it('takes up what every field shows once hydrated, so what is sent is what was seen', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Order onSubmit={() => undefined} />);
    document.body.appendChild(container);
    // Typed into the server's fields while the page's code was still loading.
    const [quantity, note] = fields(container);
    quantity!.value = '۱۲';
    note!.value = 'تحویل در تهران';

    const sent: Array<{ quantity: string; note: string }> = [];
    const errors: unknown[] = [];
    await act(async () => {
      root = hydrateRoot(container, <Order onSubmit={(values) => sent.push(values)} />, {
        onRecoverableError: (error) => errors.push(error),
      });
    });
    submit(container);
    expect(sent).toEqual([{ quantity: '۱۲', note: 'تحویل در تهران' }]);
    expect([...fields(container)].map((field) => field.value)).toEqual(['۱۲', 'تحویل در تهران']);
    expect(errors).toEqual([]);
  });

  it('changes nothing when nothing was typed, nor on a render in the browser', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Order onSubmit={() => undefined} />);
    document.body.appendChild(container);
    const sent: Array<{ quantity: string; note: string }> = [];
    await act(async () => {
      root = hydrateRoot(container, <Order onSubmit={(values) => sent.push(values)} />);
    });
    submit(container);
    act(() => root!.unmount());

    const fresh = document.createElement('div');
    document.body.appendChild(fresh);
    root = createRoot(fresh);
    await act(async () => root!.render(<Order onSubmit={(values) => sent.push(values)} />));
    submit(fresh);
    expect(sent).toEqual([
      { quantity: '1', note: '' },
      { quantity: '1', note: '' },
    ]);
  });
});
