// What the example and the tests use of Node's globals, where @types/node is not installed (Debian packages no
// @types/node, and npm is not reachable where scripts/client-test runs).
declare const process: { argv: string[]; exitCode?: number };
