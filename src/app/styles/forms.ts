// What the sign-in, sign-up and phone verification screens add to the
// components public.ts already styles: text and password fields (the password
// toggle is an ActionIcon), the error box and the centred loader.
import './public.ts'
import '@mantine/core/styles/ActionIcon.css'
import '@mantine/core/styles/Input.css'
import '@mantine/core/styles/Alert.css'
import '@mantine/core/styles/Center.css'
import '@mantine/core/styles/PasswordInput.css'
