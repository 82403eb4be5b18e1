// Mantine's Menu sits on its Popover; loaded with the lazy menus (lazy-menu.ts).
import './public.ts'
import '@mantine/core/styles/Popover.css'
import '@mantine/core/styles/Menu.css'
