import { describe, expect, it } from 'vitest'
import messages from '@/messages/fr.json'
import { ERROR_SCREEN_FR } from './error-screen'

describe('ErrorScreen', () => {
  it('says in French what messages/fr.json says', () => {
    const { errorTitle, errorText, retry } = messages.common
    expect(ERROR_SCREEN_FR).toEqual({ errorTitle, errorText, retry })
  })
})
