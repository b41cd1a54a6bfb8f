// Peers used only by the benchmark that ship no types.
declare module 'json-dup-key-validator' {
  const validator: { validate(text: string, allowDuplicatedKeys?: boolean): string | undefined };
  export default validator;
}
