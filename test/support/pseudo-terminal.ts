// A program run on a pseudo-terminal, as a person's shell runs it: its standard output and error are the
// terminal (isatty is true in it), of a width the test chooses, and the test reads every byte it wrote
// there, control sequences included. Node has no pseudo-terminal of its own; python3's `pty` module (on
// every machine of this project, and on CI's) opens one, through run() like any other program.
import { run, type RunOptions } from "./run.js";

/** Opens a pseudo-terminal of argv[1] columns, runs argv[2:] on it, and copies what it wrote to stdout;
 * exits with the program's exit code. */
const PROGRAM = `
import fcntl, os, struct, subprocess, sys, termios
columns, command = int(sys.argv[1]), sys.argv[2:]
master, slave = os.openpty()
fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, columns, 0, 0))
child = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=slave, stderr=slave, close_fds=True)
os.close(slave)
while True:
    try:
        chunk = os.read(master, 65536)
    except OSError:
        break
    if not chunk:
        break
    sys.stdout.buffer.write(chunk)
sys.stdout.flush()
sys.exit(child.wait())
`;

export interface OnTerminal {
  status: number | null;
  /** Everything written to the terminal, as it was written (a terminal turns "\n" into "\r\n"). */
  transcript: string;
}

export async function runOnTerminal(
  command: string,
  args: readonly string[],
  { columns = 200, ...options }: RunOptions & { columns?: number } = {},
): Promise<OnTerminal> {
  const finished = await run("python3", ["-c", PROGRAM, String(columns), command, ...args], options);
  if (finished.stderr) throw new Error(`python3 could not run ${command} on a pseudo-terminal: ${finished.stderr}`);
  return { status: finished.status, transcript: finished.stdout };
}
