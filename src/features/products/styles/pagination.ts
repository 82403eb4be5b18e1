// Mantine's CSS that the Excel import dialog needs beyond the dashboard's
// (src/app/styles/dashboard.ts): the pager of its preview and error list.
// Loaded with the dialog, so the other screens never parse it;
// src/app/styles/styles.test.ts counts a part's own styles module as styling it.
import '@mantine/core/styles/Pagination.css'
