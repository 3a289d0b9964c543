/** The app's version, shown by `--version` and the About box. Kept in step with package.json by a unit test. */
export const APP_VERSION = '0.1.0';
