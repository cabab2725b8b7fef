/** A text field of a submitted form (a file field, which this app's forms do not have, reads as empty). */
export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}
