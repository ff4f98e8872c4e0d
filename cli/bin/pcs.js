#!/usr/bin/env node
// The command. A committed file rather than dist/cli.js itself, so that npm links the command when it
// installs the workspace, before `npm run build` has compiled src/ into dist/.
import "../dist/cli.js";
