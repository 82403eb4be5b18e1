import { describe, expect, it } from 'vitest'
import { readWidgetConfig, widgetLanguage } from './config.ts'

const valid = {
  userId: 'd0000000-0000-4000-8000-000000000001',
  apiUrl: 'https://api.example.com/functions/v1/chatbot-api',
  enabled: true,
  botName: 'Demo',
  welcomeMessage: 'Merhaba',
  primaryColor: '#0C7A6B',
  position: 'bottom-left',
  animation: true,
  theme: 'light',
}

describe('readWidgetConfig', () => {
  it('reads the config the snippet sets, the colour normalised', () => {
    expect(readWidgetConfig(valid)).toEqual({
      userId: valid.userId,
      apiUrl: valid.apiUrl,
      botName: 'Demo',
      welcomeMessage: 'Merhaba',
      primaryColor: '#0c7a6b',
      position: 'bottom-left',
      animation: true,
    })
  })

  it('draws nothing when the chatbot is disabled, the config is missing or cannot be used', () => {
    for (const value of [undefined, null, 'x', 42, {}, { ...valid, enabled: false }, { ...valid, enabled: 'true' }, { ...valid, userId: '' },
      { ...valid, apiUrl: 'javascript:alert(1)' }, { ...valid, apiUrl: 'not a url' }, { ...valid, apiUrl: undefined }]) {
      expect(readWidgetConfig(value), JSON.stringify(value)).toBeNull()
    }
  })

  it('falls back for what it can: default colour and position, blank texts as null', () => {
    expect(readWidgetConfig({ ...valid, primaryColor: 'red;}', position: 'top', botName: '  ', welcomeMessage: null, animation: false })).toMatchObject({
      primaryColor: '#3b82f6',
      position: 'bottom-right',
      botName: null,
      welcomeMessage: null,
      animation: false,
    })
  })
})

describe('widgetLanguage', () => {
  it('is English for an English page and Turkish for everything else', () => {
    expect(['en', 'en-GB', 'EN-us', ' en '].map(widgetLanguage)).toEqual(['en', 'en', 'en', 'en'])
    expect(['tr', 'tr-TR', '', null, undefined, 'de', 'eng'].map(widgetLanguage)).toEqual(['tr', 'tr', 'tr', 'tr', 'tr', 'tr', 'tr'])
  })
})
