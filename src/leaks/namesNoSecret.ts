// Names that hold an identifier, not a credential, whatever their value looks like. A tenant,
// client, app, org or subscription id is shown in every console and copied into configs; a
// key of a record (an idempotency or dedup key, a partition or sort key, an S3 object key, a
// cache key) names a row or a file; `PWD`/`OLDPWD` are the shell's working directories; a
// password policy, pattern or rule describes passwords and holds none.

/** `…_ID`, `…Id`, `…-uuid`, `…_guid` (and plurals) at the end of a name. */
const ID_NAME = /(?:^|[_.-])(?:ids?|uuids?|guids?)$/i;
/** …or in camelCase (`herokuAppId`; case-sensitive: `valid`, `paid` and `android` are no ids). */
const CAMEL_ID_NAME = /[a-z0-9](?:Ids?|IDs?|Uuids?|Guids?)$/;
/** A key that names a record or an object: it is read by whoever reads the data. */
const RECORD_KEY =
  /(?:idempoten(?:cy|t)|dedup(?:e|lication)?|partition|sort|range|clustering|primary|foreign|composite|row|object|s3|blob|bucket|cache|lookup|map|dict|message|sharding|shard|i18n|translation|locale)[_.-]?key(?:s|_?name|_?prefix)?$/i;
/** What describes passwords or secrets rather than holding one. */
const DESCRIPTION =
  /(?:passw(?:or)?d|pwd|secret|token|key)[_.-]?(?:policy|policies|rules?|regex|regexp|pattern|requirements?|complexity|format|strength|validator|validation|hint|prompt|label|placeholder|field|min|max|length|expiry|expires?|ttl|rotation|age|history|reset[_.-]?url|version|arn|ref|reference|store|vault|manager|provider|backend|env)$/i;
/** The shell's working directories, as `env` prints them. */
const WORKING_DIRECTORY = /^(?:OLD)?PWD$/;

/** True when a name says its value is an identifier or a description, not a secret. */
export function namesNoSecret(name: string): boolean {
  return (
    ID_NAME.test(name) ||
    CAMEL_ID_NAME.test(name) ||
    RECORD_KEY.test(name) ||
    DESCRIPTION.test(name) ||
    WORKING_DIRECTORY.test(name)
  );
}
