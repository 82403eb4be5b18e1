// What the dashboard screens use from Mantine, per component, on top of what
// public.ts already styles. The layout is loaded lazily, so the landing page
// never downloads this. Not the whole @mantine/core/styles.css: that is four
// times as much CSS, all of it parsed as the dashboard opens, on a phone a
// long task of its own.
//
// The order is styles.css's own, so rules of equal specificity cascade as
// they do there. Components built on others need those others too: the
// fields on Input, Select and NativeSelect on Combobox (and its Popover and
// ScrollArea), Modal on ModalBase and Overlay, ColorInput on ColorPicker and
// ColorSwatch, Radio and Switch on InlineInput, Alert, Modal and Notification
// on CloseButton. `styles.test.ts` checks that every Mantine component the
// dashboard's code imports is here or in public.ts.
import './public.ts'
import '@mantine/core/styles/ScrollArea.css'
import '@mantine/core/styles/Overlay.css'
import '@mantine/core/styles/Popover.css'
import '@mantine/core/styles/ActionIcon.css'
import '@mantine/core/styles/CloseButton.css'
import '@mantine/core/styles/ModalBase.css'
import '@mantine/core/styles/Input.css'
import '@mantine/core/styles/Alert.css'
import '@mantine/core/styles/AppShell.css'
import '@mantine/core/styles/Combobox.css'
import '@mantine/core/styles/InlineInput.css'
import '@mantine/core/styles/Burger.css'
import '@mantine/core/styles/Center.css'
import '@mantine/core/styles/Code.css'
import '@mantine/core/styles/ColorSwatch.css'
import '@mantine/core/styles/ColorPicker.css'
import '@mantine/core/styles/ColorInput.css'
import '@mantine/core/styles/Grid.css'
import '@mantine/core/styles/Modal.css'
import '@mantine/core/styles/NavLink.css'
import '@mantine/core/styles/Notification.css'
import '@mantine/core/styles/NumberInput.css'
import '@mantine/core/styles/PasswordInput.css'
import '@mantine/core/styles/Progress.css'
import '@mantine/core/styles/Radio.css'
import '@mantine/core/styles/Tooltip.css'
import '@mantine/core/styles/SegmentedControl.css'
import '@mantine/core/styles/Skeleton.css'
import '@mantine/core/styles/Switch.css'
import '@mantine/core/styles/Table.css'
import '@mantine/core/styles/Tabs.css'
import '@mantine/notifications/styles.css'
