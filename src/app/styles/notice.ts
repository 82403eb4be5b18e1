// The update notice: a Notification with its close button (the Affix it sits in is in public.ts); loaded with it.
import './public.ts'
import '@mantine/core/styles/CloseButton.css'
import '@mantine/core/styles/Notification.css'
