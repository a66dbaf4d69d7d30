import { createApp } from 'vue'
import { createPinia } from 'pinia'
import App from './app/App.vue'
import { createAppRouter } from './app/router'
import { useRouteFocus } from './app/useRouteFocus'
import { watchRouteLoadFailures } from './app/route-load-failure'

const app = createApp(App)
const router = createAppRouter()
app.use(createPinia())
// Before the router starts the first navigation, so a first page that cannot be loaded is caught too.
watchRouteLoadFailures(router)
app.use(router)
useRouteFocus(router)
app.mount('#app')
