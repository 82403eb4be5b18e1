/**
 * A public page with a form, loaded on demand together with the styles of its
 * form fields, so the landing page's first load carries none of them.
 */
export function withFormStyles<Module>(load: () => Promise<Module>): () => Promise<Module> {
  return () => Promise.all([load(), import('../app/styles/forms.ts')]).then(([page]) => page)
}
