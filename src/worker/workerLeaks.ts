import type { LeakOptions } from '../leaks/leakOptions';
import type { Config } from './workerConfig';

/**
 * The leak options of everything the Worker sends — replies, tool calls, issues, errors: the
 * built-in rules, and the Worker's own secrets as literals.
 */
export function workerLeaks(config: Pick<Config, 'secrets'>): LeakOptions {
  return config.secrets.length > 0 ? { literals: config.secrets } : {};
}

/**
 * A client's leak options (`/v1/check`) with the Worker's secrets always among the literals: a
 * client that turns scanning off (`leaks: false`) still gets none of them, and cannot allow one.
 */
export function clientLeaks(
  client: LeakOptions | false | undefined,
  config: Pick<Config, 'secrets'>,
): LeakOptions | false | undefined {
  const secrets = config.secrets;
  if (secrets.length === 0) return client;
  if (client === false) return { rules: [], literals: secrets };
  if (client === undefined) return { literals: secrets };
  return {
    ...client,
    literals: [...(client.literals ?? []), ...secrets],
    ...(client.allow ? { allow: client.allow.filter((value) => !secrets.includes(value)) } : {}),
  };
}
