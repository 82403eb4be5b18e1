// Mantine's CSS per component instead of the whole @mantine/core/styles.css,
// so the landing page's first load carries only what the screens of the main
// bundle can show: the public layout, the landing page, the not-found page and
// the dashboard placeholders. What loads later brings the rest: the menus
// (menu.ts), the update notice (notice.ts), the dashboard layout
// (dashboard.ts) and the sign-in and verification forms (forms.ts).
//
// The order is Mantine's own (global files, the shared building blocks, then
// components alphabetically), so rules of equal specificity cascade as they
// do in styles.css. Components built on others need those others too: Button
// on UnstyledButton (and Loader while loading), Card on Paper.
import '@mantine/core/styles/baseline.css'
import '@mantine/core/styles/default-css-variables.css'
import '@mantine/core/styles/global.css'
import '@mantine/core/styles/UnstyledButton.css'
import '@mantine/core/styles/VisuallyHidden.css'
import '@mantine/core/styles/Paper.css'
import '@mantine/core/styles/Loader.css'
import '@mantine/core/styles/Group.css'
import '@mantine/core/styles/Affix.css'
import '@mantine/core/styles/Text.css'
import '@mantine/core/styles/Anchor.css'
import '@mantine/core/styles/Avatar.css'
import '@mantine/core/styles/Badge.css'
import '@mantine/core/styles/Button.css'
import '@mantine/core/styles/Card.css'
import '@mantine/core/styles/Container.css'
import '@mantine/core/styles/List.css'
import '@mantine/core/styles/SimpleGrid.css'
import '@mantine/core/styles/Stack.css'
import '@mantine/core/styles/ThemeIcon.css'
import '@mantine/core/styles/Title.css'
