import { resetEnvCache } from '#server/env.ts';

/** Sets environment variables for the code under test (undefined removes one); returns the undo. */
export function setEnv(vars: Record<string, string | undefined>): () => void {
  const before = Object.fromEntries(Object.keys(vars).map((key) => [key, process.env[key]]));
  const apply = (values: Record<string, string | undefined>) => {
    for (const [key, value] of Object.entries(values)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    resetEnvCache();
  };
  apply(vars);
  return () => apply(before);
}
