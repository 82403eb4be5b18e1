// /dashboard/chatbot: the website assistant's settings, the business
// knowledge it answers from, the code that puts it on the owner's site, how
// much of the allowance it has used and what customers ask it, as five tabs
// (spec §2, plus "Business info" and "Insights"). The active tab is in the
// URL (?tab=business|code|usage|insights). Online-only: nothing here is in
// the local store.
import { lazy, Suspense, useState } from 'react'
import { Skeleton, Tabs } from '@mantine/core'
import { useNavigate, useSearch } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { ScreenHeader } from '../../components/screen-header.tsx'
import { useSession } from '../../lib/session.tsx'
import { BusinessTab } from './business-tab.tsx'
import { readChatbotTab, validateChatbotSearch, type ChatbotTab } from './search.ts'
import { SettingsTab } from './settings-tab.tsx'
import { UsageTab } from './usage-tab.tsx'
import { WidgetCodeTab } from './widget-code-tab.tsx'
import classes from './chatbot.module.css'

// Its own chunk, with the chart library: nothing of it loads before the tab is opened.
const InsightsTab = lazy(async () => ({ default: (await import('./insights-tab.tsx')).InsightsTab }))

export function ChatbotScreen() {
  const { t } = useLingui()
  const session = useSession()
  const userId = session.user?.id ?? null
  const tab = readChatbotTab(validateChatbotSearch(useSearch({ strict: false })))
  const navigate = useNavigate()
  // Whether the settings form holds edits that are not saved: the code tab says its snippet is the saved one.
  const [unsaved, setUnsaved] = useState(false)
  // The business tab reads its profile and FAQ once first opened, not with every visit to the
  // screen; from then on it stays mounted like the others, so what was typed there survives too.
  const [businessOpened, setBusinessOpened] = useState(tab === 'business')
  if (tab === 'business' && !businessOpened) setBusinessOpened(true)
  const [insightsOpened, setInsightsOpened] = useState(tab === 'insights')
  if (tab === 'insights' && !insightsOpened) setInsightsOpened(true)

  const selectTab = (next: ChatbotTab) =>
    void navigate({ to: '.', search: (prev) => ({ ...prev, tab: next === 'settings' ? undefined : next }), replace: true })

  return (
    <>
      <ScreenHeader
        title={<Trans>Chatbot</Trans>}
        description={<Trans>An AI assistant on your website that answers customers from your own products.</Trans>}
        actions={null}
      />
      {/* Without a user the loads stop silently (spec §6); the dashboard guard normally prevents this. */}
      {userId && (
        <Tabs
          value={tab}
          onChange={(value) => value && selectTab(value as ChatbotTab)}
          mt="lg"
          // Inactive panels stay mounted (hidden): what was typed in the settings survives a look at the code.
          keepMounted
        >
          <Tabs.List aria-label={t`Chatbot sections`} className={classes.tabsList}>
            <Tabs.Tab value="settings" data-testid="chatbot-tab-settings">
              <Trans>Settings</Trans>
            </Tabs.Tab>
            <Tabs.Tab value="business" data-testid="chatbot-tab-business">
              <Trans>Business info</Trans>
            </Tabs.Tab>
            <Tabs.Tab value="code" data-testid="chatbot-tab-code">
              <Trans>Widget code</Trans>
            </Tabs.Tab>
            <Tabs.Tab value="usage" data-testid="chatbot-tab-usage">
              <Trans>Usage</Trans>
            </Tabs.Tab>
            <Tabs.Tab value="insights" data-testid="chatbot-tab-insights">
              <Trans>Insights</Trans>
            </Tabs.Tab>
          </Tabs.List>

          <Tabs.Panel value="settings" pt="lg">
            <SettingsTab userId={userId} onUnsavedChange={setUnsaved} />
          </Tabs.Panel>
          <Tabs.Panel value="business" pt="lg">
            {businessOpened && <BusinessTab userId={userId} />}
          </Tabs.Panel>
          <Tabs.Panel value="code" pt="lg">
            <WidgetCodeTab userId={userId} unsaved={unsaved} onOpenSettings={() => selectTab('settings')} />
          </Tabs.Panel>
          <Tabs.Panel value="usage" pt="lg">
            <UsageTab userId={userId} />
          </Tabs.Panel>
          <Tabs.Panel value="insights" pt="lg">
            {insightsOpened && (
              <Suspense fallback={<Skeleton height={320} radius="md" data-testid="insights-tab-loading" />}>
                <InsightsTab userId={userId} />
              </Suspense>
            )}
          </Tabs.Panel>
        </Tabs>
      )}
    </>
  )
}
