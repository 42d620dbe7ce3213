export const APP_NAME = 'cloudclip';
/** The CloudPaste API version this app is wire-compatible with (docs/product/api.md). */
export const APP_VERSION = '0.7.3';
/** Source repository linked from the footer/navigation. */
export const SOURCE_URL = 'https://github.com/cloudclip/cloudclip';
