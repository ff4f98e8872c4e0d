#!/usr/bin/env node
// The command. A committed file rather than dist/command/cli.js itself, so that npm links the command when it
// installs the workspace, before `npm run build` has compiled src/ into dist/.
import "../dist/command/cli.js";
