// Applies the saved theme before first paint (no flash of the wrong theme), and sets the text in the
// web fonts at once when the service worker serves this page: its precache holds them
// (src/app/web-fonts/web-fonts.ts). Kept in sync with src/app/theme/preference.ts (same storage key,
// same values) and web-fonts.ts (same class).
;(function () {
  var key = 'api-workbench:theme'
  var pref = 'system'
  try {
    var saved = window.localStorage.getItem(key)
    if (saved === 'light' || saved === 'dark' || saved === 'system') pref = saved
  } catch (e) {
    // Storage can be blocked (privacy mode); the system setting still applies.
  }
  try {
    if (navigator.serviceWorker && navigator.serviceWorker.controller) document.documentElement.classList.add('awb-web-fonts')
  } catch (e) {
    // Firefox throws on navigator.serviceWorker when storage is blocked: no worker, the fonts come after the paint.
  }
  var dark = pref === 'dark' || (pref === 'system' && window.matchMedia('(prefers-color-scheme: dark)').matches)
  document.documentElement.setAttribute('data-theme', dark ? 'dark' : 'light')
})()
