// Everything the dashboard screens use from Mantine. The layout is loaded
// lazily, so the landing page never downloads this; the public pages keep
// their per-component imports (public.ts, forms.ts) to stay small.
import './public.ts'
import '@mantine/core/styles.css'
import '@mantine/notifications/styles.css'
