import type { Config } from '../workerConfig';

/** The longest address kept in a bucket's name; a longer one is cut. */
const MAX_ADDRESS = 100;

/**
 * The rate limit's bucket of a caller's address (`ip:…`), for keyless callers and unknown keys:
 * the host's `clientAddress` when it gives one; else `cf-connecting-ip` only on Cloudflare (the
 * request carries its `cf` object, and Cloudflare sets the header itself), as anywhere else a
 * client may send it to get a fresh bucket per request; else the one bucket `ip:unknown`.
 */
export function addressKey(request: Request, config: Pick<Config, 'clientAddress'>): string {
  const address = config.clientAddress
    ? config.clientAddress(request)
    : onCloudflare(request)
      ? request.headers.get('cf-connecting-ip')
      : undefined;
  return `ip:${address ? address.slice(0, MAX_ADDRESS) : 'unknown'}`;
}

function onCloudflare(request: Request): boolean {
  const cf = (request as Request & { cf?: unknown }).cf;
  return typeof cf === 'object' && cf !== null;
}
