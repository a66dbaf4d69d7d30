import { createApp } from 'vue'
import { createPinia } from 'pinia'
import App from './App.vue'
import { createAppRouter } from './router'
import { useRouteFocus } from './composables/useRouteFocus'

const app = createApp(App)
const router = createAppRouter()
app.use(createPinia())
app.use(router)
useRouteFocus(router)
app.mount('#app')
