// What the dashboard layout adds to the components public.ts already styles
// (the sync status opens a Popover, merge notices are Alerts); imported by the
// lazy layout so the landing page never downloads it. A screen under the
// dashboard that uses another Mantine component imports that component's CSS
// the same way.
import './public.ts'
import '@mantine/core/styles/Popover.css'
import '@mantine/core/styles/Alert.css'
import '@mantine/core/styles/AppShell.css'
import '@mantine/core/styles/Burger.css'
import '@mantine/core/styles/NavLink.css'
