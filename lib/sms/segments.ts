import { SegmentedMessage } from 'sms-segments-calculator'
import { smsEncoded } from './smart-encoding'

/** More would arrive in pieces on many phones, and cost as much as six messages: refused. */
export const MAX_SEGMENTS = 6

export type SmsLength = {
  encoding: 'GSM-7' | 'UCS-2'
  /** Characters as the network counts them (€, [, ] … take two in GSM-7). */
  characters: number
  segments: number
  /** Per part: 160/153 in GSM-7, 70/67 in UCS-2. */
  perSegment: number
  /** The distinct characters that still force UCS-2 after smart encoding ('ç', 'ê', an emoji…), in the order they appear. */
  ucs2Characters: string[]
}

/**
 * The length of the SMS that will leave, that is of the text after smart encoding (lib/sms/smart-encoding.ts), by
 * Twilio's own calculator: used by the composer's live counter and by the server's check.
 */
export function smsLength(written: string): SmsLength {
  const text = smsEncoded(written)
  const message = new SegmentedMessage(text, 'auto')
  const encoding = message.encodingName
  const segments = text.length === 0 ? 0 : message.segmentsCount
  const single = encoding === 'GSM-7' ? 160 : 70
  return {
    encoding,
    characters: message.numberOfCharacters,
    segments,
    perSegment: segments > 1 ? single - (encoding === 'GSM-7' ? 7 : 3) : single,
    ucs2Characters: encoding === 'UCS-2' ? [...new Set(message.getNonGsmCharacters())] : [],
  }
}
