/** Where the command reads and writes; the process's own streams in `cli/index.ts`. */
export interface CliIo {
  readonly readStdin: () => Promise<Uint8Array>;
  readonly stdinIsTty: boolean;
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
  readonly version: string;
}
