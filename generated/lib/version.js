// The package's version, sent in the User-Agent. Kept equal to package.json's "version" (and to the
// description's info.version) by test/client/version.test.ts, so a release bump that forgets one fails.
export const PACKAGE_NAME = "@project-collaboration/api";
export const PACKAGE_VERSION = "0.2.0";
