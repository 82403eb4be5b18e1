// The app's confirmation dialogs (delete, change status) as a user meets them
// before committing: the question is shown, the dialog passes axe, and
// cancelling closes it having done nothing.
import { expect } from 'vitest'
import type { Locator, Page } from 'playwright-core'
import { axeViolations } from './axe.ts'

/**
 * With the confirmation `name` opening, waits for each of `texts` in it, checks the page for
 * WCAG violations, presses "İptal" and waits until the dialog has gone. Returns the dialog's
 * locator, for the next time it opens.
 */
export async function cancelConfirmation(page: Page, name: string, texts: readonly string[]): Promise<Locator> {
  const dialog = page.getByRole('dialog', { name })
  for (const text of texts) await dialog.getByText(text).waitFor()
  expect(await axeViolations(page), `the "${name}" dialog`).toEqual([])
  await dialog.getByRole('button', { name: 'İptal' }).click()
  await dialog.waitFor({ state: 'detached' })
  return dialog
}
