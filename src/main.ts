import { createApp } from 'vue'
import { createPinia } from 'pinia'
import App from './app/App.vue'
import { createAppRouter } from './app/router'
import { useRouteFocus } from './app/useRouteFocus'

const app = createApp(App)
const router = createAppRouter()
app.use(createPinia())
app.use(router)
useRouteFocus(router)
app.mount('#app')
