// The package version; tests/js/package-meta.test.js keeps it equal to package.json's.
export const version = '0.1.0';
