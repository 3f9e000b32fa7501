import { useField } from 'formik';

/**
 * A field no person sees, reaches or hears: off-screen, out of the tab order and hidden
 * from assistive technology. Bots that fill every input fill this one too.
 */
export function HoneypotField() {
  const [field] = useField<string>('website');
  return (
    <div aria-hidden="true" className="off-screen">
      <label htmlFor="field-website">Website</label>
      <input {...field} id="field-website" type="text" tabIndex={-1} autoComplete="off" />
    </div>
  );
}
