// The package version; tests/js/init.test.js keeps it equal to package.json's.
export const version = '0.2.0';
