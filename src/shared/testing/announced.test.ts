import { describe, expect, it } from 'vitest'
import { announcedIn } from './announced'

describe('announcedIn', () => {
  it('keeps the polite sentences in order, a sentence logged again before any other sentence once', () => {
    const log = ['polite: Sending…', 'polite: 200 OK, 12 ms', 'polite: 200 OK, 12 ms', 'button, Send', 'polite: 200 OK, 12 ms']
    expect(announcedIn(log)).toEqual(['Sending…', '200 OK, 12 ms'])
    expect(announcedIn(['polite: A', 'polite: B', 'polite: A'])).toEqual(['A', 'B', 'A'])
    expect(announcedIn(['tab, History, selected'])).toEqual([])
  })
})
