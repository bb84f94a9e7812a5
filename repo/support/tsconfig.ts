/** A folder's tsconfig.json as `tsc` reads it: its compiler options and the files it includes. */
import path from 'node:path';
import ts from 'typescript';

export function readTsconfig(folder: string): ts.ParsedCommandLine {
  const parsed = ts.getParsedCommandLineOfConfigFile(
    path.join(folder, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  );
  if (!parsed) throw new Error(`${folder}/tsconfig.json could not be read`);
  return parsed;
}
