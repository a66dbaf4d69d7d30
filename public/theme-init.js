// Applies the saved theme before first paint (no flash of the wrong theme).
// Kept in sync with src/app/theme/preference.ts: same storage key, same values.
;(function () {
  var key = 'api-workbench:theme'
  var pref = 'system'
  try {
    var saved = window.localStorage.getItem(key)
    if (saved === 'light' || saved === 'dark' || saved === 'system') pref = saved
  } catch (e) {
    // Storage can be blocked (privacy mode); the system setting still applies.
  }
  var dark = pref === 'dark' || (pref === 'system' && window.matchMedia('(prefers-color-scheme: dark)').matches)
  document.documentElement.setAttribute('data-theme', dark ? 'dark' : 'light')
})()
