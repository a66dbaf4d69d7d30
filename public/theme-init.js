// Applies the saved theme before first paint (no flash of the wrong theme), and sets the text in the
// web fonts at once when they have loaded in this browser before (src/app/web-fonts/web-fonts.ts).
// Kept in sync with src/app/theme/preference.ts and web-fonts.ts: same storage keys, same values.
;(function () {
  var key = 'api-workbench:theme'
  var pref = 'system'
  try {
    var saved = window.localStorage.getItem(key)
    if (saved === 'light' || saved === 'dark' || saved === 'system') pref = saved
    if (window.localStorage.getItem('api-workbench:web-fonts') === '1') document.documentElement.classList.add('awb-web-fonts')
  } catch (e) {
    // Storage can be blocked (privacy mode); the system setting still applies.
  }
  var dark = pref === 'dark' || (pref === 'system' && window.matchMedia('(prefers-color-scheme: dark)').matches)
  document.documentElement.setAttribute('data-theme', dark ? 'dark' : 'light')
})()
