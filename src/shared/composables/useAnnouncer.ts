import { nextTick, readonly, ref } from 'vue'

const message = ref('')
let sequence = 0

/**
 * The app's single announcer: a visually hidden `role="status"` region rendered once by `App.vue`
 * (through `LiveAnnouncer`) and fed from here. Route changes, "Copied", request outcomes and
 * countdown thresholds all speak through it — one region, because several live regions compete
 * and screen readers drop some of their messages.
 */
export function useAnnouncer() {
  /**
   * Says `text` politely to screen-reader users.
   * @param text - one short sentence; never raw data such as JSON
   */
  async function announce(text: string): Promise<void> {
    const id = ++sequence
    // Clear first, so the same sentence said twice is still a change the screen reader reports.
    message.value = ''
    await nextTick()
    if (id === sequence) message.value = text
  }

  /** How many sentences were asked for so far: compare two readings to know whether anything was said between them. */
  function saidCount(): number {
    return sequence
  }

  return { announce, saidCount, message: readonly(message) }
}
