export declare const PACKAGE_NAME = "@project-collaboration/api";
export declare const PACKAGE_VERSION = "0.2.0";
