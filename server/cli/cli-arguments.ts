/**
 * The command line of `npm run backup` and `npm run restore`: one file and the flags allowed;
 * anything else prints the usage and exits. Answers the file and the flags given.
 */
export function cliArguments(
  usage: string,
  allowedFlags: readonly string[],
): [string, Set<string>] {
  const args = process.argv.slice(2);
  const flags = new Set(args.filter((arg) => arg.startsWith('--')));
  const files = args.filter((arg) => !arg.startsWith('--'));
  const unknown = [...flags].filter((flag) => !allowedFlags.includes(flag));
  if (files.length !== 1 || unknown.length > 0) {
    console.error(
      `${unknown.length > 0 ? `Unknown option ${unknown.join(', ')}. ` : ''}Usage: ${usage}`,
    );
    process.exit(1);
  }
  return [files[0]!, flags];
}
