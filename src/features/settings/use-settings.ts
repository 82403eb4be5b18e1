// The settings screen's server state as TanStack Query, per owner. Online-only:
// offline a read waits, paused, and a save fails at once rather than waiting
// unseen (the screen says so and keeps what was typed).
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { WhatsAppCredentialsArgs } from '../../../domain/settings.ts'
import { ownerQuery, useOwnerQuery, WRITE_NOW } from '../../lib/owner-query.ts'
import { getSupabase } from '../../lib/supabase.ts'
import {
  createAutomationToken, fetchSettingsData, revokeAutomationToken, saveSettings, shareAccessToken, uploadAvatar, type SettingsData,
} from './api.ts'

// The form is built from the first answer; re-reading on focus would only move it under the owner's hands.
const settings = ownerQuery('settings', fetchSettingsData, Infinity)
const settingsKey = settings.queryKey

export const useSettingsData = (userId: string) => useOwnerQuery(settings, userId)

export function useSaveSettings(userId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (changes: { businessName: string | null; credentials: WhatsAppCredentialsArgs | null }) =>
      saveSettings(await getSupabase(), userId, changes),
    ...WRITE_NOW,
    onSuccess: (credentials) => {
      if (!credentials) return
      queryClient.setQueryData<SettingsData>(settingsKey(userId), (old) => (old ? { ...old, credentials } : old))
    },
  })
}

export function useUploadAvatar(userId: string) {
  return useMutation({
    mutationFn: async (input: { file: File; previousUrl: string | null }) => uploadAvatar(await getSupabase(), userId, input.file, input.previousUrl),
    ...WRITE_NOW,
  })
}

export function useAutomationToken(userId: string) {
  const queryClient = useQueryClient()
  const setStatus = (status: SettingsData['automationToken']) =>
    queryClient.setQueryData<SettingsData>(settingsKey(userId), (old) => (old ? { ...old, automationToken: status } : old))
  const create = useMutation({
    mutationFn: async (password: string) => createAutomationToken(await getSupabase(), password),
    ...WRITE_NOW,
    onSuccess: (made) => setStatus(made.status),
  })
  const share = useMutation({
    mutationFn: async (choice: { on: true; password: string } | { on: false }) => shareAccessToken(await getSupabase(), choice),
    ...WRITE_NOW,
    onSuccess: setStatus,
  })
  const revoke = useMutation({
    mutationFn: async () => revokeAutomationToken(await getSupabase()),
    ...WRITE_NOW,
    // Revoking the token leaves the sharing choice as it was.
    onSuccess: () =>
      queryClient.setQueryData<SettingsData>(settingsKey(userId), (old) =>
        old ? { ...old, automationToken: { ...old.automationToken, set: false, created_at: null, last_used_at: null } } : old,
      ),
  })
  return { create, share, revoke }
}
