// The pages' theme switch (web/theme-switch.js).
export default {
  label: 'Theme',
  system: 'System',
  light: 'Light',
  dark: 'Dark',
};
