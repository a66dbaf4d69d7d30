/**
 * What is said of a variable the operation does not declare: `buildGraphQLRequest` leaves it out of the
 * request, and the editor's live lint says the same words, so the message does not change when Send reports it.
 *
 * @param name - the variable's name in the JSON.
 * @param operationName - the operation's name; absent for an anonymous operation. @default undefined
 */
export function undeclaredVariableMessage(name: string, operationName?: string): string {
  const what = operationName ? `operation "${operationName}"` : 'the operation'
  return `"${name}" is not a variable of ${what}, so it is not sent (declare $${name} in the signature to use it).`
}
