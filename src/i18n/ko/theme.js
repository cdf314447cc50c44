// The pages' theme switch (web/theme-switch.js).
export default {
  label: '화면 테마',
  system: '시스템 설정',
  light: '밝게',
  dark: '어둡게',
};
